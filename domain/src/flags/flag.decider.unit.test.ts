import { describe, test } from 'node:test';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { FLAG_REASON_MAX } from '../rules/limits.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { FlagContent } from './flag.commands.ts';
import type { ContentFlagged, FlagDeleted } from './flag.events.ts';
import { flagDecider } from './flag.decider.ts';
import { LONG_STREAM, assertBoundedState } from '../testing/linear-fold.ts';

const now = '2026-11-21T10:00:00.000Z';
const flag = (reason: string, reporterId = 'reporter'): FlagContent => ({
  type: 'FlagContent',
  data: {
    flagId: 'f1',
    contentId: 'c1',
    ownerId: 'owner',
    contentTitle: 'A post',
    reporterId,
    reporterUsername: 'rita',
    reason,
    now,
  },
});
const flagged: ContentFlagged = {
  type: 'ContentFlagged',
  data: {
    flagId: 'f1',
    contentId: 'c1',
    ownerId: 'owner',
    contentTitle: 'A post',
    reporterId: 'reporter',
    reporterUsername: 'rita',
    reason: 'Spam link',
    flaggedAt: now,
  },
};
const deleted: FlagDeleted = { type: 'FlagDeleted', data: { flagId: 'f1', contentId: 'c1', deletedBy: 'admin', deletedAt: now } };
const deleteFlag = { type: 'DeleteFlag', data: { flagId: 'f1', deletedBy: 'admin', now } } as const;

describe('flag decider', () => {
  test('flags content with the trimmed reason', () => {
    deciderSpec(flagDecider).given([]).when(flag('  Spam link \n')).then([flagged]);
  });

  test('rejects a blank or whitespace-only reason', () => {
    deciderSpec(flagDecider).given([]).when(flag('   ')).thenThrows(ValidationError, /why you are flagging/);
  });

  test(`rejects a reason longer than ${FLAG_REASON_MAX} characters`, () => {
    deciderSpec(flagDecider).given([]).when(flag('x'.repeat(FLAG_REASON_MAX + 1))).thenThrows(ValidationError, /at most/);
  });

  test('accepts a reason of exactly the maximum length', () => {
    deciderSpec(flagDecider)
      .given([])
      .when(flag('x'.repeat(FLAG_REASON_MAX)))
      .then([{ ...flagged, data: { ...flagged.data, reason: 'x'.repeat(FLAG_REASON_MAX) } }]);
  });

  test('rejects flagging your own content', () => {
    deciderSpec(flagDecider).given([]).when(flag('Spam', 'owner')).thenThrows(ValidationError, /your own content/);
  });

  test('refuses a second report while the first is open (one open flag per reporter and content)', () => {
    deciderSpec(flagDecider).given([flagged]).when(flag('Spam')).thenThrows(ConflictError, /already flagged this content/);
  });

  test('reports again once an admin deleted the earlier report', () => {
    deciderSpec(flagDecider).given([flagged, deleted]).when(flag('Spam link')).then([flagged]);
  });

  test('deletes an open flag', () => {
    deciderSpec(flagDecider).given([flagged]).when(deleteFlag).then([deleted]);
  });

  test('refuses to delete the last open flag on content under review without an outcome (409)', () => {
    const last = { ...deleteFlag, data: { ...deleteFlag.data, leavesContentUnderReview: true } };
    deciderSpec(flagDecider).given([flagged]).when(last).thenThrows(ConflictError, /Choose the outcome/);
    deciderSpec(flagDecider)
      .given([flagged])
      .when({ ...last, data: { ...last.data, outcome: 'later' as never } })
      .thenThrows(ConflictError, /Choose the outcome/);
  });

  test('deletes the last open flag on content under review with the chosen outcome, recorded on the event', () => {
    for (const outcome of ['approve', 'keep'] as const) {
      deciderSpec(flagDecider)
        .given([flagged])
        .when({ ...deleteFlag, data: { ...deleteFlag.data, leavesContentUnderReview: true, outcome } })
        .then([{ ...deleted, data: { ...deleted.data, outcome } }]);
    }
  });

  test('ignores an outcome when other open flags remain or the content is not under review', () => {
    deciderSpec(flagDecider)
      .given([flagged])
      .when({ ...deleteFlag, data: { ...deleteFlag.data, leavesContentUnderReview: false, outcome: 'approve' } })
      .then([deleted]);
  });

  test('answers not found for an unknown or already deleted flag', () => {
    deciderSpec(flagDecider).given([]).when(deleteFlag).thenThrows(NotFoundError, /Flag not found/);
    deciderSpec(flagDecider).given([flagged, deleted]).when(deleteFlag).thenThrows(NotFoundError, /Flag not found/);
  });
});

describe('flag decider: long streams', () => {
  test('folding 100,000 events stays linear: the state does not grow', () => {
    assertBoundedState(flagDecider, LONG_STREAM, (i) => (i % 2 === 0 ? flagged : deleted));
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { WORKSPACE_CONTENTS_MAX, WORKSPACE_MATCHES_MAX } from '../rules/limits.ts';
import { fold } from '../shared/decider.ts';
import { ForbiddenError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LONG_STREAM, assertBoundedState } from '../testing/linear-fold.ts';
import type { ChangeWorkspaceSelection, ResetWorkspace } from './workspace.commands.ts';
import type { WorkspaceReset, WorkspaceSelectionChanged } from './workspace.events.ts';
import { workspaceDecider } from './workspace.decider.ts';

const now = '2026-11-21T10:00:00.000Z';
const spec = deciderSpec(workspaceDecider);

const change = (matchIds: unknown[], contentIds: unknown[] = [], userId = 'u1', at = now): ChangeWorkspaceSelection => ({
  type: 'ChangeWorkspaceSelection',
  data: { userId, matchIds: matchIds as string[], contentIds: contentIds as string[], now: at },
});
const changed = (matchIds: string[], contentIds: string[] = []): WorkspaceSelectionChanged => ({
  type: 'WorkspaceSelectionChanged',
  data: { userId: 'u1', matchIds, contentIds, changedAt: now },
});
const reset = (userId = 'u1'): ResetWorkspace => ({ type: 'ResetWorkspace', data: { userId, now } });
const wasReset = (): WorkspaceReset => ({ type: 'WorkspaceReset', data: { userId: 'u1', resetAt: now } });

describe('workspace decider', () => {
  test('records the first selection of matches and own contents', () => {
    spec.given([]).when(change(['m1', 'm2'], ['c1'])).then([changed(['m1', 'm2'], ['c1'])]);
  });

  test('a toggle replaces the whole selection', () => {
    spec.given([changed(['m1', 'm2'], ['c1'])]).when(change(['m2'], ['c1', 'c2'])).then([changed(['m2'], ['c1', 'c2'])]);
  });

  test('keeps each id once, in the order first chosen', () => {
    spec.given([]).when(change(['m2', 'm1', 'm2'], ['c1', 'c1'])).then([changed(['m2', 'm1'], ['c1'])]);
  });

  test('the same selection again decides nothing (a retried request, another tab)', () => {
    spec.given([changed(['m1'], ['c1'])]).when(change(['m1'], ['c1'])).then([]);
    spec.given([changed(['m1'], ['c1'])]).when(change(['m1', 'm1'], ['c1'])).then([]);
  });

  test('an emptied selection is a change', () => {
    spec.given([changed(['m1'], ['c1'])]).when(change([], [])).then([changed([], [])]);
  });

  test('resets a workspace that holds a selection', () => {
    spec.given([changed(['m1'], ['c1'])]).when(reset()).then([wasReset()]);
  });

  test('a reset of an empty workspace decides nothing (another tab reset it first)', () => {
    spec.given([]).when(reset()).then([]);
    spec.given([changed(['m1'], ['c1']), wasReset()]).when(reset()).then([]);
    spec.given([changed(['m1'], []), changed([], [])]).when(reset()).then([]);
  });

  test('after a reset the previous selection is a change again', () => {
    spec.given([changed(['m1'], ['c1']), wasReset()]).when(change(['m1'], ['c1'])).then([changed(['m1'], ['c1'])]);
  });

  test('refuses ids that are not non-empty strings', () => {
    for (const bad of [[''], ['  '], [42], [null], ['x'.repeat(101)]]) {
      spec.given([]).when(change(bad)).thenThrows(ValidationError, /^match_ids must be a list of content ids/);
      spec.given([]).when(change([], bad)).thenThrows(ValidationError, /^content_ids must be a list of content ids/);
    }
    spec.given([]).when(change('m1' as unknown as unknown[])).thenThrows(ValidationError, /^match_ids/);
  });

  test('refuses more ids than a workspace holds', () => {
    const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    spec.given([]).when(change(ids(WORKSPACE_MATCHES_MAX, 'm'), ids(WORKSPACE_CONTENTS_MAX, 'c'))).then([
      changed(ids(WORKSPACE_MATCHES_MAX, 'm'), ids(WORKSPACE_CONTENTS_MAX, 'c')),
    ]);
    spec.given([]).when(change(ids(WORKSPACE_MATCHES_MAX + 1, 'm'))).thenThrows(ValidationError, /match_ids may hold at most 20 ids/);
    spec.given([]).when(change([], ids(WORKSPACE_CONTENTS_MAX + 1, 'c'))).thenThrows(ValidationError, /content_ids may hold at most 50 ids/);
  });

  test('refuses a command without a user or with a time that is not canonical UTC', () => {
    spec.given([]).when(change(['m1'], [], '')).thenThrows(ValidationError, /userId is required/);
    spec.given([]).when(reset('')).thenThrows(ValidationError, /userId is required/);
    spec.given([]).when(change(['m1'], [], 'u1', '2026-11-21')).thenThrows(ValidationError, /^now: must be an ISO time/);
  });

  test("refuses a command on someone else's workspace", () => {
    spec.given([changed(['m1'])]).when(change(['m2'], [], 'intruder')).thenThrows(ForbiddenError, /another user/);
    spec.given([changed(['m1'])]).when(reset('intruder')).thenThrows(ForbiddenError, /another user/);
  });

  test('the state is the latest selection', () => {
    const state = fold(workspaceDecider, [changed(['m1'], ['c1']), changed(['m2'], []), wasReset(), changed(['m3'], ['c3'])]);
    assert.deepEqual(state, { userId: 'u1', matchIds: ['m3'], contentIds: ['c3'] });
  });
});

describe('workspace decider: long streams', () => {
  test('folding 100,000 toggles and resets keeps a state that does not grow', () => {
    assertBoundedState(workspaceDecider, LONG_STREAM, (i) =>
      i % 50 === 49 ? wasReset() : changed([`m${i % 4}`, `m${(i + 1) % 4}`], [`c${i % 3}`]),
    );
  });
});

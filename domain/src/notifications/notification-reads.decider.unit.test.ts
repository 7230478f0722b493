import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fold } from '../shared/decider.ts';
import { ForbiddenError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LONG_STREAM, assertBoundedState } from '../testing/linear-fold.ts';
import type { MarkAllNotificationsRead, MarkNotificationRead } from './notification.commands.ts';
import type { AllNotificationsRead, NotificationRead } from './notification.events.ts';
import { notificationReadsDecider } from './notification-reads.decider.ts';

const now = '2026-11-21T10:00:00.000Z';
const newest = '2026-11-21T09:59:00.000Z';
const spec = deciderSpec(notificationReadsDecider);

const mark = (notificationId = 'n1', userId = 'u1'): MarkNotificationRead => ({
  type: 'MarkNotificationRead',
  data: { userId, notificationId, now },
});
const read = (notificationId = 'n1'): NotificationRead => ({ type: 'NotificationRead', data: { userId: 'u1', notificationId, readAt: now } });
const markAll = (upTo = newest, userId = 'u1'): MarkAllNotificationsRead => ({ type: 'MarkAllNotificationsRead', data: { userId, upTo, now } });
const allRead = (upTo = newest): AllNotificationsRead => ({ type: 'AllNotificationsRead', data: { userId: 'u1', upTo, readAt: now } });

describe('notification reads decider', () => {
  test('marks one notification read', () => {
    spec.given([]).when(mark()).then([read()]);
  });

  test('marks all notifications up to the newest timestamp read in one event', () => {
    spec.given([read('n1'), read('n2')]).when(markAll()).then([allRead()]);
  });

  test('decides a read-all again: notifications stamped before an earlier upTo may have arrived since', () => {
    spec.given([allRead()]).when(markAll()).then([allRead()]);
  });

  test('refuses a command without a user or a notification id', () => {
    spec.given([]).when(mark('n1', '')).thenThrows(ValidationError, /userId is required/);
    spec.given([]).when(mark('')).thenThrows(ValidationError, /notificationId is required/);
    spec.given([]).when(markAll(newest, '')).thenThrows(ValidationError, /userId is required/);
  });

  test('refuses an upTo or a time that is not a canonical UTC ISO time', () => {
    for (const upTo of ['', 'yesterday', '2026-11-21', '2026-11-21T09:59:00Z', '2026-11-21T11:59:00.000+02:00']) {
      spec.given([]).when(markAll(upTo)).thenThrows(ValidationError, /^upTo: must be an ISO time in UTC/);
    }
    spec
      .given([])
      .when({ type: 'MarkNotificationRead', data: { userId: 'u1', notificationId: 'n1', now: 'now' } })
      .thenThrows(ValidationError, /^now: /);
  });

  test("refuses a command for someone else's stream", () => {
    spec.given([read()]).when(mark('n2', 'intruder')).thenThrows(ForbiddenError, /another user/);
    spec.given([allRead()]).when(markAll(newest, 'intruder')).thenThrows(ForbiddenError, /another user/);
  });

});

describe('notification reads decider: long streams', () => {
  test('folding 100,000 reads keeps a state that does not grow: only whose stream it is', () => {
    assertBoundedState(notificationReadsDecider, LONG_STREAM, (i) => (i % 100 === 99 ? allRead() : read(`n${i}`)));
    const reads = Array.from({ length: 1000 }, (_, i) => read(`n${i}`));
    assert.deepEqual(fold(notificationReadsDecider, [...reads, allRead()]), { userId: 'u1' });
  });
});

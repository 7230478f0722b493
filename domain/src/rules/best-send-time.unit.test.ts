import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bestSendTime, busiestHour, isTimeZone, nextHourStart } from './best-send-time.ts';

describe('best send time', () => {
  test('the busiest hour of a contact, the earliest of a tie, none without clicks', () => {
    assert.equal(busiestHour({ h7: 2, h20: 5, h21: 5 }), 20);
    assert.equal(busiestHour({}), null);
    assert.equal(busiestHour(null), null);
  });

  test('goes at the next start of the contact’s busiest hour (UTC), or at once inside it', () => {
    assert.equal(bestSendTime('2026-11-28T10:30:00.000Z', { h20: 3 }, 'Europe/Paris'), '2026-11-28T20:00:00.000Z');
    assert.equal(bestSendTime('2026-11-28T21:30:00.000Z', { h20: 3 }, 'UTC'), '2026-11-29T20:00:00.000Z');
    assert.equal(bestSendTime('2026-11-28T20:10:00.000Z', { h20: 3 }, 'UTC'), '2026-11-28T20:10:00.000Z');
  });

  test('without a click, 09:00 in the sharer’s time zone (winter and summer time), UTC for an unknown zone', () => {
    assert.equal(bestSendTime('2026-11-28T10:30:00.000Z', null, 'Europe/Paris'), '2026-11-29T08:00:00.000Z');
    assert.equal(bestSendTime('2026-07-01T05:00:00.000Z', {}, 'Europe/Paris'), '2026-07-01T07:00:00.000Z');
    assert.equal(bestSendTime('2026-11-28T06:00:00.000Z', null, 'America/New_York'), '2026-11-28T14:00:00.000Z');
    assert.equal(bestSendTime('2026-11-28T06:00:00.000Z', null, 'Not/AZone'), '2026-11-28T09:00:00.000Z');
  });

  test('across a daylight-saving change, 09:00 on the wall clock', () => {
    // Paris goes from summer to winter time on 2026-10-25 at 03:00 local.
    assert.equal(nextHourStart('2026-10-24T12:00:00.000Z', 9, 'Europe/Paris'), '2026-10-25T08:00:00.000Z');
    assert.equal(isTimeZone('Asia/Kolkata'), true);
    assert.equal(isTimeZone('Mars/Olympus'), false);
  });
});

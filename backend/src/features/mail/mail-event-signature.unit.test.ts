import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mailEventsSignatureProblem, signMailEvents } from './mail-event-signature.ts';

const SECRET = 'mail-events-secret-0123456789';
const body = Buffer.from('{"type":"bounce","email":"a@example.com","bounce_type":"hard","occurred_at":"2026-11-28T10:00:00Z"}');
const NOW = 1_790_000_000;

describe('mail events signature', () => {
  test('accepts the documented recipe: hex HMAC-SHA256 of "<t>.<raw body>"', () => {
    const v1 = createHmac('sha256', SECRET).update(`${NOW}.${body.toString()}`).digest('hex');
    assert.equal(mailEventsSignatureProblem(SECRET, `t=${NOW},v1=${v1}`, body, NOW), null);
    assert.equal(signMailEvents(SECRET, body, NOW), `t=${NOW},v1=${v1}`);
  });

  test('accepts any of several v1 signatures (a secret being rotated)', () => {
    const good = signMailEvents(SECRET, body, NOW).split(',')[1];
    assert.equal(mailEventsSignatureProblem(SECRET, `t=${NOW},v1=${'0'.repeat(64)},${good}`, body, NOW), null);
  });

  test('refuses a missing, malformed, forged, stale or tampered signature', () => {
    assert.match(mailEventsSignatureProblem(SECRET, undefined, body, NOW) ?? '', /missing/);
    assert.match(mailEventsSignatureProblem(SECRET, 'v1=abc', body, NOW) ?? '', /malformed/);
    assert.match(mailEventsSignatureProblem(SECRET, signMailEvents('another-secret-0123456789', body, NOW), body, NOW) ?? '', /does not match/);
    assert.match(mailEventsSignatureProblem(SECRET, signMailEvents(SECRET, body, NOW - 301), body, NOW) ?? '', /too old/);
    assert.equal(mailEventsSignatureProblem(SECRET, signMailEvents(SECRET, body, NOW - 299), body, NOW), null);
    assert.match(mailEventsSignatureProblem(SECRET, signMailEvents(SECRET, body, NOW), Buffer.from(`${body.toString()} `), NOW) ?? '', /does not match/);
  });
});

import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clickSecret,
  clickToken,
  clickVisitor,
  isValidWaitlistConfirmationToken,
  visitOfClickToken,
  passwordResetToken,
  passwordResetTokenHash,
  readUnsubscribeToken,
  signingSecret,
  unsubscribeSecret,
  unsubscribeToken,
  waitlistConfirmationLink,
  waitlistConfirmationToken,
  waitlistSecret,
} from './derived-tokens.ts';

const SECRET = 'test-secret-test-secret-test-secret-42';

describe('password reset tokens', () => {
  test('are base64url(HMAC-SHA256(secret, "password-reset:" + requestId)), stable per request', () => {
    const expected = createHmac('sha256', SECRET).update('password-reset:req-1').digest('base64url');
    assert.equal(passwordResetToken(SECRET, 'req-1'), expected);
    assert.equal(passwordResetToken(SECRET, 'req-1'), passwordResetToken(SECRET, 'req-1'));
    assert.match(expected, /^[A-Za-z0-9_-]{43}$/);
  });

  test('differ per request id and per secret', () => {
    assert.notEqual(passwordResetToken(SECRET, 'req-1'), passwordResetToken(SECRET, 'req-2'));
    assert.notEqual(passwordResetToken(SECRET, 'req-1'), passwordResetToken(`${SECRET}x`, 'req-1'));
  });

  test('are stored as the sha256 hex of the token (what the reset lookup hashes)', () => {
    const token = passwordResetToken(SECRET, 'req-1');
    assert.equal(passwordResetTokenHash(token), createHash('sha256').update(token).digest('hex'));
  });
});

describe('waitlist confirmation tokens', () => {
  const key = waitlistSecret(SECRET);

  test('verify only for the email key they were made for', () => {
    const token = waitlistConfirmationToken(key, 'ana@example.com');
    assert.ok(isValidWaitlistConfirmationToken(key, 'ana@example.com', token));
    assert.equal(isValidWaitlistConfirmationToken(key, 'bob@example.com', token), false);
    assert.equal(isValidWaitlistConfirmationToken(key, 'ana@example.com', `${token.slice(1)}x`), false);
    assert.equal(isValidWaitlistConfirmationToken(key, 'ana@example.com', 'short'), false);
    assert.equal(isValidWaitlistConfirmationToken(waitlistSecret('other-secret'), 'ana@example.com', token), false);
  });

  test('links carry the email and the token', () => {
    const link = new URL(waitlistConfirmationLink('https://crossfeed.example', key, 'Ana@Example.com', 'ana@example.com'));
    assert.equal(link.origin + link.pathname, 'https://crossfeed.example/api/waitlist/confirm');
    assert.equal(link.searchParams.get('email'), 'Ana@Example.com');
    assert.equal(link.searchParams.get('token'), waitlistConfirmationToken(key, 'ana@example.com'));
  });
});

describe('signingSecret', () => {
  test('is JWT_SECRET when set, else one secret kept in DATA_DIR for every caller', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-secret-'));
    try {
      assert.equal(signingSecret({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), SECRET);
      const generated = signingSecret({ DATA_DIR: dataDir });
      assert.ok(generated.length >= 32);
      assert.equal(signingSecret({ DATA_DIR: dataDir, JWT_SECRET: undefined }), generated);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('unsubscribe tokens', () => {
  const key = unsubscribeSecret(SECRET);
  const recipient = { mailbox: 'reader@example.com', sharerId: 'user-1' };

  test('name the recipient and the sharer, and read back only with the same key', () => {
    const token = unsubscribeToken(key, recipient);
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    assert.deepEqual(readUnsubscribeToken(key, token), recipient);
    assert.equal(readUnsubscribeToken(unsubscribeSecret('another-secret-another-secret-00'), token), null);
  });

  test('refuse a token bound to another recipient or a tampered one', () => {
    const token = unsubscribeToken(key, recipient);
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ m: 'victim@example.com', s: 'user-1' })).toString('base64url')}.${mac}`;
    assert.equal(readUnsubscribeToken(key, forged), null);
    for (const bad of ['', 'nodot', '.x', `${token}x`, 'e30.AAAAAAAAAAAAAAAAAAAAAA']) assert.equal(readUnsubscribeToken(key, bad), null, bad);
  });
});

describe('visitor pseudonyms and click tokens', () => {
  const key = clickSecret(SECRET);

  test('a visitor is the same all day, another on another day or with another user agent; no address in it', () => {
    const today = clickVisitor(key, '203.0.113.7', 'Chrome', '2026-11-21');
    assert.deepEqual(clickVisitor(key, '203.0.113.7', 'Chrome', '2026-11-21'), today);
    assert.notEqual(clickVisitor(key, '203.0.113.7', 'Chrome', '2026-11-22').visitor, today.visitor);
    const otherAgent = clickVisitor(key, '203.0.113.7', 'Firefox', '2026-11-21');
    assert.notEqual(otherAgent.visitor, today.visitor);
    assert.equal(otherAgent.address, today.address, 'one address, whatever the user agent');
    assert.ok(!today.visitor.includes('203') && !today.address.includes('203'));
  });

  test('a click token names its visit for its content only, and only while it is fresh', () => {
    const visit = 'abc@2026-11-21';
    const token = clickToken(key, 'k1', visit);
    const at = (iso: string) => new Date(iso);
    assert.equal(visitOfClickToken(key, 'k1', token, at('2026-11-21T12:00:00Z')), visit);
    assert.equal(visitOfClickToken(key, 'k2', token, at('2026-11-21T12:00:00Z')), null, 'another content');
    assert.equal(visitOfClickToken(clickSecret('other'), 'k1', token, at('2026-11-21T12:00:00Z')), null, 'another key');
    assert.equal(visitOfClickToken(key, 'k1', token, at('2026-12-10T00:00:00Z')), null, 'too old');
    const forged = `${Buffer.from('xyz@2026-11-21').toString('base64url')}.${token.split('.')[1]}`;
    assert.equal(visitOfClickToken(key, 'k1', forged, at('2026-11-21T12:00:00Z')), null, 'another visit under the same mac');
    assert.equal(visitOfClickToken(key, 'k1', 'nonsense', at('2026-11-21T12:00:00Z')), null);
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isDisposableEmail, normalizedEmail } from './email-identity.ts';

describe('normalizedEmail', () => {
  test('one key per mailbox: case, +tags and (for Gmail) dots do not count', () => {
    assert.equal(normalizedEmail(' Ada@Example.COM '), 'ada@example.com');
    assert.equal(normalizedEmail('ada+news@example.com'), 'ada@example.com');
    assert.equal(normalizedEmail('A.D.A+x@Gmail.com'), 'ada@gmail.com');
    assert.equal(normalizedEmail('a.da@googlemail.com'), 'ada@gmail.com');
  });

  test('keeps dots where the provider does not ignore them', () => {
    assert.equal(normalizedEmail('a.da@example.com'), 'a.da@example.com');
  });
});

describe('isDisposableEmail', () => {
  test("knows throwaway domains from the maintained list, their subdomains too, and nobody else's", () => {
    assert.equal(isDisposableEmail('x@mailinator.com'), true);
    assert.equal(isDisposableEmail('x@MAILINATOR.com'), true);
    assert.equal(isDisposableEmail('x@sub.yopmail.com'), true);
    assert.equal(isDisposableEmail('x@gmail.com'), false);
    assert.equal(isDisposableEmail('x@example.com'), false);
  });
});

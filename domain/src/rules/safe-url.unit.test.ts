import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { URL_MESSAGES, unsafeUrlReason } from './safe-url.ts';

describe('unsafeUrlReason', () => {
  test('accepts public http(s) links', () => {
    for (const url of ['https://example.com/post', 'http://blog.example.org:8080/a?b=c#d', 'https://[2606:4700::1111]/', 'https://8.8.8.8/x', 'https://xn--bcher-kva.example/']) {
      assert.equal(unsafeUrlReason(url), null, url);
    }
  });

  test('refuses loopback, private, link-local, CGNAT and metadata addresses, however they are written', () => {
    for (const url of [
      'http://localhost/',
      'http://LOCALHOST./admin',
      'http://app.localhost/',
      'http://127.0.0.1/',
      'http://127.1/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://017700000001/',
      'http://0.0.0.0/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.1/router',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://printer.local/',
      'http://intranet/',
    ]) {
      assert.equal(unsafeUrlReason(url), URL_MESSAGES.privateAddress, url);
    }
  });

  test('refuses credentials and backslash tricks', () => {
    for (const url of ['https://user@example.com/', 'https://user:pass@example.com/', 'https://example.com\\@evil.com/', 'https://good.com\\\\evil.com', 'http://evil.com@good.com']) {
      assert.equal(unsafeUrlReason(url), URL_MESSAGES.credentials, url);
    }
  });

  test('refuses control characters and invisible direction marks', () => {
    for (const url of ['https://exa\nmple.com/', 'https://example.com/\t', 'https://example.com/\u0000', 'https://example.com/\u202e', 'https://example.com/\u200b']) {
      assert.equal(unsafeUrlReason(url), URL_MESSAGES.controlCharacters, JSON.stringify(url));
    }
  });

  test('refuses other schemes', () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com/', 'data:text/html,hi', 'not a url']) {
      assert.notEqual(unsafeUrlReason(url), null, url);
    }
  });
});

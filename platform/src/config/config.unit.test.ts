import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  test('defaults to the embedded adapters on port 3000 under ./data', () => {
    const config = loadConfig({});
    assert.equal(config.PORT, 3000);
    assert.equal(config.DATA_DIR, path.resolve('./data'));
    assert.equal(config.PUBLIC_URL, 'http://localhost:3000');
    assert.equal(config.EVENTSTORE_URL, undefined);
    assert.equal(config.SQLITE_SYNCHRONOUS, 'FULL');
    assert.deepEqual(config.ADMIN_EMAILS, []);
  });

  test('names the variable when a value is invalid', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /PORT: must be a number/);
      return true;
    });
    assert.throws(() => loadConfig({ MONGODB_URL: 'http://mongo' }), /MONGODB_URL: must start with mongodb:\/\//);
    assert.throws(() => loadConfig({ SEED_DEMO: 'maybe' }), /SEED_DEMO: must be true or false/);
  });

  test('requires the webhook secret with a Stripe key', () => {
    assert.throws(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' }), /STRIPE_WEBHOOK_SECRET/);
  });

  test('parses admin emails case-insensitively and an empty URL as unset', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Admin@Example.com, ops@example.com ', REDIS_URL: '' });
    assert.deepEqual(config.ADMIN_EMAILS, ['admin@example.com', 'ops@example.com']);
    assert.equal(config.REDIS_URL, undefined);
  });
});

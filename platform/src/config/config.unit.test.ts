import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { EventStoreDBClient } from '@eventstore/db-client';
import { bullPrefix, ConfigError, EVENTSTORE_URL_SCHEMES, loadConfig, socketIoKey } from './config.ts';

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

  test('WAITLIST_MONTH_FREE grants the month at sign-up by default, can be switched off, and names a bad value', () => {
    assert.equal(loadConfig({}).WAITLIST_MONTH_FREE, 'at-signup');
    assert.equal(loadConfig({ WAITLIST_MONTH_FREE: 'off' }).WAITLIST_MONTH_FREE, 'off');
    assert.throws(() => loadConfig({ WAITLIST_MONTH_FREE: 'later' }), /WAITLIST_MONTH_FREE/);
  });

  test('requires the webhook secret with a Stripe key', () => {
    assert.throws(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' }), /STRIPE_WEBHOOK_SECRET/);
  });

  test('parses admin emails case-insensitively and an empty URL as unset', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Admin@Example.com, ops@example.com ', REDIS_URL: '' });
    assert.deepEqual(config.ADMIN_EMAILS, ['admin@example.com', 'ops@example.com']);
    assert.equal(config.REDIS_URL, undefined);
  });

  test('TRUST_PROXY trusts nobody by default, and takes a hop count or named proxies, never everyone', () => {
    assert.equal(loadConfig({}).TRUST_PROXY, false);
    assert.equal(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY, false);
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY, 1);
    assert.deepEqual(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8, 203.0.113.7' }).TRUST_PROXY, ['loopback', '10.0.0.0/8', 'fd00::/8', '203.0.113.7']);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'true' }), /TRUST_PROXY: must be a hop count or a comma-separated list/);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' }), /TRUST_PROXY: .*\(not proxy\.example\.com\)/);
    assert.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' }), /TRUST_PROXY/);
  });

  test('throttles have defaults and refuse nonsense', () => {
    const config = loadConfig({});
    assert.equal(config.REGISTRATIONS_PER_IP_PER_HOUR, 20);
    assert.equal(config.WAITLIST_SIGNUPS_PER_IP_PER_HOUR, 20);
    assert.equal(config.FLAGS_PER_USER_PER_HOUR, 20);
    assert.throws(() => loadConfig({ FLAGS_PER_USER_PER_HOUR: '0' }), /FLAGS_PER_USER_PER_HOUR/);
    assert.equal(loadConfig({ REDIS_ALLOW_VOLATILE: 'true' }).REDIS_ALLOW_VOLATILE, true);
  });

  test('PUBLIC_URL is required where asked (split services, production), and defaults otherwise', () => {
    assert.throws(() => loadConfig({}, { requirePublicUrl: true }), /PUBLIC_URL: required/);
    assert.throws(() => loadConfig({ PUBLIC_URL: '' }, { requirePublicUrl: true }), /PUBLIC_URL/);
    assert.equal(loadConfig({ PUBLIC_URL: 'https://crossfeed.example.com/' }, { requirePublicUrl: true }).PUBLIC_URL, 'https://crossfeed.example.com');
    assert.equal(loadConfig({ PORT: '4000' }).PUBLIC_URL, 'http://localhost:4000');
  });

  test('REDIS_PREFIX namespaces the BullMQ and socket.io keys; unset keeps the libraries\' defaults', () => {
    assert.equal(bullPrefix(loadConfig({})), 'bull');
    assert.equal(socketIoKey(loadConfig({})), 'socket.io');
    const config = loadConfig({ REDIS_PREFIX: 'staging-2' });
    assert.equal(bullPrefix(config), 'staging-2:bull');
    assert.equal(socketIoKey(config), 'staging-2:socket.io');
    assert.throws(() => loadConfig({ REDIS_PREFIX: 'a b' }), /REDIS_PREFIX/);
  });

  test('EVENTSTORE_URL takes exactly the schemes the EventStoreDB client parses', () => {
    const clientParses = (url: string): boolean => {
      try {
        // Builds a client without connecting (the channel opens on the first call): only the parse runs.
        void EventStoreDBClient.connectionString(url).dispose();
        return true;
      } catch {
        return false;
      }
    };
    const configAccepts = (url: string): boolean => {
      try {
        return loadConfig({ EVENTSTORE_URL: url }).EVENTSTORE_URL === url;
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /EVENTSTORE_URL: must start with esdb:\/\/ or esdb\+discover:\/\//);
        return false;
      }
    };
    const urls = [
      ...EVENTSTORE_URL_SCHEMES.map((scheme) => `${scheme}localhost:2113?tls=false`),
      'esdb://admin:changeit@node1:2113,node2:2113?tls=true&nodePreference=leader',
      'kurrentdb://localhost:2113?tls=false',
      'kurrentdb+discover://localhost:2113',
      'esdb+srv://localhost:2113',
      'http://localhost:2113',
      'ESDB://localhost:2113',
    ];
    for (const url of urls) assert.equal(configAccepts(url), clientParses(url), url);
    for (const scheme of EVENTSTORE_URL_SCHEMES) assert.ok(clientParses(`${scheme}localhost:2113?tls=false`), scheme);
    assert.equal(configAccepts('kurrentdb://localhost:2113?tls=false'), false);
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
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

  test('DKIM takes all three settings or none, and names the missing ones', () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const none = loadConfig({ DKIM_DOMAIN: '', DKIM_SELECTOR: '', DKIM_PRIVATE_KEY: '' });
    assert.deepEqual([none.DKIM_DOMAIN, none.DKIM_SELECTOR, none.DKIM_PRIVATE_KEY], [undefined, undefined, undefined]);
    const all = loadConfig({ DKIM_DOMAIN: 'crossfeed.example.com', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: pem });
    assert.equal(all.DKIM_PRIVATE_KEY, pem.trim());
    assert.throws(() => loadConfig({ DKIM_DOMAIN: 'crossfeed.example.com' }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /DKIM_SELECTOR: required when DKIM_DOMAIN is set/);
      assert.match(error.message, /DKIM_PRIVATE_KEY: required when DKIM_DOMAIN is set/);
      return true;
    });
    assert.throws(
      () => loadConfig({ DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: pem }),
      (error: unknown) => error instanceof ConfigError && /DKIM_DOMAIN: required when DKIM_SELECTOR and DKIM_PRIVATE_KEY are set/.test(error.message) && !/DKIM_SELECTOR:/.test(error.message),
    );
  });

  test('DKIM_PRIVATE_KEY may hold its newlines as literal \\n, and must be a private key', () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const oneLine = pem.trim().replace(/\n/g, '\\n');
    assert.ok(!oneLine.includes('\n'));
    const config = loadConfig({ DKIM_DOMAIN: 'crossfeed.example.com', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: oneLine });
    assert.equal(config.DKIM_PRIVATE_KEY, pem.trim());
    assert.throws(
      () => loadConfig({ DKIM_DOMAIN: 'crossfeed.example.com', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: 'not a key' }),
      /DKIM_PRIVATE_KEY: must be a PEM private key/,
    );
    assert.throws(() => loadConfig({ DKIM_DOMAIN: 'not a domain', DKIM_SELECTOR: 's', DKIM_PRIVATE_KEY: pem }), /DKIM_DOMAIN: must be a domain name/);
    assert.throws(() => loadConfig({ DKIM_DOMAIN: 'crossfeed.example.com', DKIM_SELECTOR: 's;x=1', DKIM_PRIVATE_KEY: pem }), /DKIM_SELECTOR: must be a DNS label/);
  });

  test('MAIL_POSTAL_ADDRESS is required in production (CAN-SPAM), optional elsewhere', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /MAIL_POSTAL_ADDRESS: required in production: CAN-SPAM requires/);
      return true;
    });
    assert.throws(() => loadConfig({ NODE_ENV: 'production', MAIL_POSTAL_ADDRESS: '  ' }), /MAIL_POSTAL_ADDRESS/);
    const address = 'Crossfeed Ltd, 1 Example Street, Springfield 12345, USA';
    assert.equal(loadConfig({ NODE_ENV: 'production', MAIL_POSTAL_ADDRESS: address }).MAIL_POSTAL_ADDRESS, address);
    assert.equal(loadConfig({ NODE_ENV: 'development' }).MAIL_POSTAL_ADDRESS, undefined);
    assert.equal(loadConfig({ NODE_ENV: 'test' }).MAIL_POSTAL_ADDRESS, undefined);
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

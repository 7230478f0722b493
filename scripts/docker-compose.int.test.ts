/**
 * Validates docker-compose.yml with the real docker-compose tool (no Docker engine needed).
 * Install the tool with `bash scripts/ensure-test-tools.sh`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

const ROOT = join(import.meta.dirname, '..');
const APP_SERVICES = ['api', 'projections', 'workers'] as const;
const ENGINE_SERVICES = ['eventstore', 'mongo', 'redis'] as const;
/** The reverse proxy in front of the api replicas, and the one-shot EventStoreDB write check. */
const OTHER_SERVICES = ['proxy', 'eventstore-ready'] as const;

type Run = { status: number | null; stdout: string; stderr: string };

// Checked once; every test fails (never skips) with the same instructions when the tool is missing.
const probe = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
const missingTool =
  probe.error || probe.status !== 0
    ? 'docker-compose is not installed, so docker-compose.yml cannot be validated. ' +
      'Install it with `bash scripts/ensure-test-tools.sh` (as root, Debian/Ubuntu) and run the tests again. ' +
      `(${probe.error?.message ?? probe.stderr.trim()})`
    : undefined;

function compose(args: string[], env: NodeJS.ProcessEnv): Run {
  if (missingTool) assert.fail(missingTool);
  const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', ...args], { cwd: ROOT, env, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function envWith(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete env[key];
  return env;
}

/**
 * Splits the `services:` section of `docker-compose config` output into one text block per service.
 * Enough YAML for this test: the output is normalised, block style, keys at a fixed indent.
 */
function serviceBlocks(yaml: string): Map<string, string> {
  const lines = yaml.split('\n');
  const start = lines.findIndex((line) => line === 'services:');
  assert.notEqual(start, -1, `no top-level "services:" in the config output:\n${yaml}`);
  const blocks = new Map<string, string[]>();
  let indent: string | undefined;
  let service: string[] | undefined;
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') continue;
    if (!line.startsWith(' ')) break; // the next top-level key
    indent ??= /^ */.exec(line)?.[0];
    const key = new RegExp(`^${indent}([A-Za-z0-9._-]+):\\s*$`).exec(line)?.[1];
    if (key) {
      service = [];
      blocks.set(key, service);
    }
    service?.push(line);
  }
  return new Map([...blocks].map(([name, block]) => [name, block.join('\n')]));
}

describe('docker-compose.yml', () => {
  const env = envWith({
    JWT_SECRET: 'compose-config-test-secret-0123456789',
    PUBLIC_URL: 'https://crossfeed.example.com',
    MAIL_POSTAL_ADDRESS: 'Crossfeed, 1 Example Street, Springfield',
    TRUST_PROXY: undefined,
  });

  test('passes `docker-compose config -q` with no errors or warnings', () => {
    const run = compose(['config', '-q'], env);
    assert.equal(run.stderr.trim(), '', 'docker-compose printed errors or warnings');
    assert.equal(run.status, 0);
  });

  test('declares the engines and the app services', () => {
    const run = compose(['config'], env);
    assert.equal(run.status, 0, run.stderr);
    const services = serviceBlocks(run.stdout);
    assert.deepEqual([...services.keys()].sort(), [...APP_SERVICES, ...ENGINE_SERVICES, ...OTHER_SERVICES].sort());
  });

  test('runs each app service from its own TypeScript entry point against the engines', () => {
    const services = serviceBlocks(compose(['config'], env).stdout);
    const entries = { api: 'backend/src/main.ts', projections: 'projections/src/main.ts', workers: 'workers/src/main.ts' };
    for (const name of APP_SERVICES) {
      const block = services.get(name) ?? '';
      assert.match(block, new RegExp(entries[name].replaceAll('.', '\\.')), `${name} runs ${entries[name]}`);
      assert.match(block, /--disable-warning=ExperimentalWarning/, `${name} runs node directly`);
      assert.match(block, /EVENTSTORE_URL: esdb:\/\/eventstore:2113\?tls=false/, `${name} EVENTSTORE_URL`);
      assert.match(block, /MONGODB_URL: mongodb:\/\/mongo:27017\/\?replicaSet=rs0/, `${name} MONGODB_URL`);
      assert.match(block, /REDIS_URL: redis:\/\/redis:6379/, `${name} REDIS_URL`);
      assert.match(block, /DATA_DIR: \/data/, `${name} DATA_DIR`);
      assert.match(block, /JWT_SECRET: compose-config-test-secret-0123456789/, `${name} JWT_SECRET comes from the environment`);
      assert.match(block, /PUBLIC_URL: https:\/\/crossfeed\.example\.com/, `${name} PUBLIC_URL comes from the environment`);
      assert.match(block, /TRUST_PROXY: '1'/, `${name} trusts the one proxy in front`);
      for (const engine of ['mongo', 'redis']) {
        assert.match(block, new RegExp(`${engine}:\\n\\s+condition: service_healthy`), `${name} waits for ${engine} to be healthy`);
      }
      assert.match(block, /eventstore-ready:\n\s+condition: service_completed_successfully/, `${name} waits until EventStoreDB accepts writes`);
    }
  });

  test('gives the engines and the API healthchecks', () => {
    const services = serviceBlocks(compose(['config'], env).stdout);
    for (const engine of ENGINE_SERVICES) {
      assert.match(services.get(engine) ?? '', /healthcheck:/, `${engine} has a healthcheck`);
      assert.doesNotMatch(services.get(engine) ?? '', /ports:/, `${engine} publishes no port`);
    }
    assert.match(services.get('mongo') ?? '', /--replSet/, 'mongo runs as a replica set');
    assert.match(services.get('mongo') ?? '', /rs\.initiate/, 'the mongo healthcheck initiates the replica set');
    assert.match(services.get('redis') ?? '', /--appendonly\n\s+- 'yes'|--appendonly[\s\S]*yes/, 'redis persists with the append-only file');
    // The app refuses a Redis that may evict jobs (platform/src/jobs/redis-durability.ts).
    assert.match(services.get('redis') ?? '', /--maxmemory-policy[\s\S]*noeviction/, 'redis never evicts queued jobs');
    assert.match(services.get('api') ?? '', /\/health/, 'api has a healthcheck on /health');
  });

  test('publishes only the proxy, which follows the api replicas with sticky sessions', () => {
    const services = serviceBlocks(compose(['config'], env).stdout);
    for (const name of [...APP_SERVICES, ...ENGINE_SERVICES]) {
      // No fixed host port on api: `--scale api=N` would collide on it.
      assert.doesNotMatch(services.get(name) ?? '', /ports:/, `${name} publishes no port`);
    }
    const proxy = services.get('proxy') ?? '';
    assert.match(proxy, /image: caddy:2/);
    assert.match(proxy, /target: 80/, 'the proxy publishes its port 80');
    assert.match(proxy, /deploy\/Caddyfile/, 'the proxy runs deploy/Caddyfile');
    assert.match(proxy, /api:\n\s+condition: service_healthy/, 'the proxy waits for a healthy api');
    const caddyfile = fs.readFileSync(join(ROOT, 'deploy/Caddyfile'), 'utf8');
    assert.match(caddyfile, /dynamic a api 3000/, 'upstreams are looked up again, so scaled replicas are followed');
    assert.match(caddyfile, /lb_policy cookie/, 'each browser sticks to one replica (socket.io long-polling)');
  });

  test('starts the app only once EventStoreDB has accepted a write', () => {
    const ready = serviceBlocks(compose(['config'], env).stdout).get('eventstore-ready') ?? '';
    assert.match(ready, /eventstore:\n\s+condition: service_healthy/);
    assert.match(ready, /-X POST/);
    assert.match(ready, /http:\/\/eventstore:2113\/streams\//, 'appends over the HTTP API');
    assert.match(ready, /exit 0/);
    assert.match(ready, /restart: 'no'|restart: "no"/, 'a one-shot job');
  });

  test('refuses to start without JWT_SECRET and says which variable is missing', () => {
    const run = compose(['config', '-q'], envWith({ JWT_SECRET: undefined, PUBLIC_URL: 'https://crossfeed.example.com', MAIL_POSTAL_ADDRESS: 'Crossfeed, 1 Example Street' }));
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /JWT_SECRET/);
  });

  test('refuses to start without PUBLIC_URL and says which variable is missing', () => {
    const run = compose(['config', '-q'], envWith({ JWT_SECRET: 'compose-config-test-secret-0123456789', PUBLIC_URL: undefined, MAIL_POSTAL_ADDRESS: 'Crossfeed, 1 Example Street' }));
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /set PUBLIC_URL to the address browsers use/);
  });

  test('refuses to start without MAIL_POSTAL_ADDRESS and says which variable is missing', () => {
    const run = compose(['config', '-q'], envWith({ JWT_SECRET: 'compose-config-test-secret-0123456789', PUBLIC_URL: 'https://crossfeed.example.com', MAIL_POSTAL_ADDRESS: undefined }));
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /set MAIL_POSTAL_ADDRESS to the sender's postal address/);
  });
});

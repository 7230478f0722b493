/**
 * Answers Express never sees (issue 12, finding 13): oversized headers get a 431 with `{ detail }` like
 * every other refusal; production serves no source maps.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { createApp } from './app.ts';

/** Sends raw bytes and resolves everything the server answers before it closes. */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  test('oversized headers answer 431 with a JSON detail', async () => {
    const answer = await raw(app.url, `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.match(answer, /^HTTP\/1\.1 431 /);
    assert.match(answer, /content-type: application\/json/i);
    assert.deepEqual(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), { detail: 'Request headers too large.' });
    // The server goes on serving.
    assert.equal((await app.request('GET', '/health')).status, 200);
  });

  test('a malformed request line answers 400 with a JSON detail', async () => {
    const answer = await raw(app.url, 'NOT A REQUEST\r\n\r\n');
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.deepEqual(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), { detail: 'Bad request.' });
  });
});

describe('source maps', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  after(() => fs.rmSync(dist, { recursive: true, force: true }));

  async function serve(production: boolean): Promise<{ url: string; close: () => Promise<void> }> {
    const server = http.createServer(createApp({ logger: createLogger({ level: 'silent' }), isReady: () => true, uiDir: dist, production }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  test('production serves the bundle but not its source map', async () => {
    const server = await serve(true);
    try {
      assert.equal((await fetch(`${server.url}/assets/index-abc.js`)).status, 200);
      const map = await fetch(`${server.url}/assets/index-abc.js.map`);
      assert.equal(map.status, 404);
      assert.deepEqual(await map.json(), { detail: 'Not Found' });
    } finally {
      await server.close();
    }
  });

  test('development serves source maps', async () => {
    const server = await serve(false);
    try {
      assert.equal((await fetch(`${server.url}/assets/index-abc.js.map`)).status, 200);
    } finally {
      await server.close();
    }
  });
});

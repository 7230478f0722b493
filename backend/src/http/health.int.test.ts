import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { createApp } from './app.ts';

test('GET /health is 200 when ready, else 503 with the reason as its detail', async () => {
  const state = { ready: false, detail: 'The read models are catching up: more than 100 events behind the event log.' };
  const server = http.createServer(createApp({ logger: createLogger({ level: 'silent' }), isReady: () => state.ready, notReadyDetail: () => state.detail }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/health`;
  try {
    const lagging = await fetch(url);
    assert.equal(lagging.status, 503);
    assert.deepEqual(await lagging.json(), { status: 'starting', detail: state.detail });
    state.detail = '';
    assert.deepEqual(await (await fetch(url)).json(), { status: 'starting', detail: 'The server is starting.' });
    state.ready = true;
    const ready = await fetch(url);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ok' });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from './testing/test-app.ts';

describe('HTTP server with socket.io', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  test('answers socket.io long-polling once, from engine.io, and keeps serving the API', async () => {
    // Browsers open socket.io with HTTP long-polling: the app must not answer these requests too.
    const handshake = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`);
    const body = await handshake.text();
    assert.equal(handshake.status, 200);
    assert.match(body, /^0\{"sid":/, 'an engine.io open packet, not the API 404');
    const sid = (JSON.parse(body.slice(1)) as { sid: string }).sid;
    // The client's next long-poll waits for data; a connect packet with a bad token makes the server write
    // a connect error into that pending poll. Answered twice, that write would crash the process.
    const pending = fetch(`${app.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const connect = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
      method: 'POST',
      body: '40{"token":"not-a-token"}',
    });
    assert.equal(connect.status, 200);
    const poll = await pending;
    assert.equal(poll.status, 200);
    assert.match(await poll.text(), /^44/, 'the connect error reached the pending long-poll');
    const health = await app.request('GET', '/health');
    assert.equal(health.status, 200);
    const notFound = await app.request('GET', '/content/nope/nope/nope');
    assert.equal(notFound.status, 404);
  });
});

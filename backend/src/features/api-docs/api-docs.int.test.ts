import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@crossfeed/platform/logger.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { createApp } from '../../http/app.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiDocsRoutes } from './api-docs.routes.ts';

describe('API docs: /openapi.json and /docs/api', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  test('GET /openapi.json answers the OpenAPI 3.1 document, cacheable for a short time', async () => {
    const res = await app.request('GET', '/openapi.json');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=300');
    assert.equal(res.body.openapi, '3.1.0');
    assert.ok(res.body.paths['/content/{id}/'].get, 'the content path as SPEC §7 writes it');
    assert.ok(res.body.paths['/openapi.json'].get);
  });

  test('GET /docs/api is a page that loads the renderer from this origin, with no inline script', async () => {
    for (const pathname of ['/docs/api', '/docs/api/']) {
      const res = await app.request('GET', pathname);
      assert.equal(res.status, 200, pathname);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      assert.deepEqual(
        scripts.map((match) => /src="([^"]+)"/.exec(match[1]!)?.[1]),
        ['/docs/api/swagger-ui-bundle.js', '/docs/api/init.js'],
      );
      assert.ok(scripts.every((match) => match[2] === ''), 'no inline script');
      assert.doesNotMatch(res.text, /https?:\/\//, 'nothing from another origin');
      // The app's policy as it is: scripts from this origin only.
      assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    }
  });

  test("serves the renderer's files and the init script, and 404s anything else under /docs/api", async () => {
    const bundle = await app.request('GET', '/docs/api/swagger-ui-bundle.js');
    assert.equal(bundle.status, 200);
    assert.match(bundle.headers.get('content-type') ?? '', /javascript/);
    assert.match(bundle.text, /SwaggerUIBundle/);
    const css = await app.request('GET', '/docs/api/swagger-ui.css');
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
    const init = await app.request('GET', '/docs/api/init.js');
    assert.equal(init.status, 200);
    assert.match(init.text, /url: "\/openapi\.json"/);
    assert.match(init.text, /validatorUrl: null/);
    for (const name of ['package.json', 'index.html', 'swagger-ui-bundle.js.map', 'constructor', '..%2Fpackage.json']) {
      const res = await app.request('GET', `/docs/api/${name}`);
      assert.equal(res.status, 404, name);
      assert.deepEqual(res.body, { detail: 'Not Found' }, name);
    }
  });

  test('the UI fallback does not take /docs/api or /openapi.json', async () => {
    const uiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-ui-'));
    fs.writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
    const server = http.createServer(
      createApp({ logger: createLogger({ level: 'silent' }), isReady: () => true, uiDir, routers: [apiDocsRoutes({} as ApiContext)] }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    try {
      const page = await fetch(`${url}/docs/api`);
      assert.match(await page.text(), /<title>Crossfeed API<\/title>/);
      const document = await fetch(`${url}/openapi.json`);
      assert.equal(((await document.json()) as { openapi: string }).openapi, '3.1.0');
      // A client route of the UI is still the UI.
      assert.match(await (await fetch(`${url}/docs`)).text(), /<title>SPA<\/title>/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(uiDir, { recursive: true, force: true });
    }
  });
});

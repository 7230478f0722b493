import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Router } from 'express';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { createApp } from '../../http/app.ts';
import { staticUi } from '../../http/static-ui.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { QUEUES_BASE_PATH } from '../../features/admin/queue-dashboard.ts';
import { apiRouters } from '../routers.ts';
import { TOKEN_ROUTE_SCOPES } from '../token-scopes.ts';
import { API_OPERATIONS } from './operations.ts';

/**
 * Holds the OpenAPI document to the routes Express really serves (issue 26): every route of the feature
 * routers (nested routers too) must have an operation in a contract, every operation must be served, and
 * every route a token scope opens must exist. What is served but is not API is listed here, with why.
 */

/** Served by the routers, deliberately not in the document. */
const NOT_API: Readonly<Record<string, string>> = {
  'GET /docs/api/init.js': "the API page's own start script (a static file of /docs/api)",
  'GET /docs/api/:file': "the API page's renderer files (swagger-ui's script, style sheet and icons)",
  'OPTIONS /track/conversion': 'the CORS preflight of POST /track/conversion (HTTP plumbing a browser sends; that operation says so)',
};

/** Middleware the routers mount under a path (not routes): each must be accounted for. */
const MOUNTED_NOT_API: Readonly<Record<string, string>> = {
  [`USE ${QUEUES_BASE_PATH}`]: `the queue dashboard (Bull Board's pages and its own JSON API), a UI an admin opens in the browser after POST ${QUEUES_BASE_PATH}/session, which is documented`,
};

/** The built UI's routes (static-ui.ts): the single-page app, not API. `/` is answered by the fallback. */
const STATIC_UI_ROUTES: Readonly<Record<string, string>> = {
  'GET /assets/:name': "the UI build's hashed files",
  'GET /index.html': 'the single-page app',
  'GET /.*/': 'the single-page app for every other GET (`/`, client routes)',
};

/** Routes app.ts itself serves outside the routers; documented in api-docs.contract.ts. */
const APP_ROUTES = ['GET /health'];

interface LayerLike {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: unknown };
  slash?: boolean;
  rawPath?: unknown;
}

const pathText = (value: unknown): string => (value instanceof RegExp ? String(value) : Array.isArray(value) ? value.map(pathText).join('|') : String(value));

/** `METHOD path` of every route in a router's stack, nested routers included, and its path-mounted middleware. */
function servedBy(stack: unknown, prefix = '', found = { routes: new Set<string>(), mounts: new Set<string>() }) {
  for (const layer of (Array.isArray(stack) ? stack : []) as LayerLike[]) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on) found.routes.add(`${method === '_all' ? 'ALL' : method.toUpperCase()} ${prefix}${pathText(layer.route.path)}`);
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      servedBy(layer.handle.stack, layer.slash ? prefix : `${prefix}${pathText(layer.rawPath)}`, found);
    } else if (!layer.slash && layer.rawPath !== undefined) {
      found.mounts.add(`USE ${prefix}${pathText(layer.rawPath)}`);
    }
  }
  return found;
}

const stackOf = (router: Router | { router?: unknown }): unknown => (router as { stack?: unknown }).stack ?? (router as { router?: { stack?: unknown } }).router?.stack;

describe('the OpenAPI document covers the routes Express serves', () => {
  let app: TestApp;
  let served: { routes: Set<string>; mounts: Set<string> };
  const documented = new Set(API_OPERATIONS.map((operation) => `${operation.method.toUpperCase()} ${operation.route}`));

  before(async () => {
    app = await startTestApp();
    served = { routes: new Set(), mounts: new Set() };
    for (const router of apiRouters(app.ctx)) servedBy(stackOf(router), '', served);
  });
  after(() => app.close());

  test('the walk finds the routes of nested routers too', () => {
    // The share and search routers are mounted inside the content router.
    for (const route of ['GET /content/:id', 'POST /content/:id/share', 'GET /search', 'GET /openapi.json']) assert.ok(served.routes.has(route), route);
    assert.ok(served.routes.size > 100, `only ${served.routes.size} routes found`);
  });

  test('every route the routers serve is documented (or listed as not API)', () => {
    const missing = [...served.routes].filter((route) => !documented.has(route) && !(route in NOT_API)).sort();
    assert.deepEqual(missing, [], `Routes the OpenAPI document lacks (add them to the feature's *.contract.ts):\n  ${missing.join('\n  ')}`);
    const unknownMounts = [...served.mounts].filter((mount) => !(mount in MOUNTED_NOT_API)).sort();
    assert.deepEqual(unknownMounts, [], `Middleware mounted under a path, neither documented nor excluded:\n  ${unknownMounts.join('\n  ')}`);
  });

  test('every documented operation is served', () => {
    const appRoutes = createApp({ logger: createLogger({ level: 'silent' }), isReady: () => true });
    const appServed = servedBy(stackOf(appRoutes as unknown as Router)).routes;
    for (const route of APP_ROUTES) assert.ok(appServed.has(route), `${route} is served by app.ts`);
    const unserved = [...documented].filter((route) => !served.routes.has(route) && !APP_ROUTES.includes(route)).sort();
    assert.deepEqual(unserved, [], `Documented operations no router serves:\n  ${unserved.join('\n  ')}`);
  });

  test('what is listed as not API is really served, and not documented', () => {
    for (const route of Object.keys(NOT_API)) {
      assert.ok(served.routes.has(route), `${route} is listed as not API but no router serves it`);
      assert.ok(!documented.has(route), `${route} is both documented and listed as not API`);
    }
    for (const mount of Object.keys(MOUNTED_NOT_API)) assert.ok(served.mounts.has(mount), `${mount} is listed but not mounted`);
    const uiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-ui-'));
    try {
      const ui = servedBy(stackOf(staticUi(uiDir))).routes;
      assert.deepEqual([...ui].sort(), Object.keys(STATIC_UI_ROUTES).sort(), "the static UI's routes, each listed as not API");
      for (const route of ui) assert.ok(!documented.has(route), `${route} (the UI) is documented`);
    } finally {
      fs.rmSync(uiDir, { recursive: true, force: true });
    }
  });

  test('every route a token scope opens is served', () => {
    const unknown = Object.keys(TOKEN_ROUTE_SCOPES).filter((route) => !served.routes.has(route)).sort();
    assert.deepEqual(unknown, [], `TOKEN_ROUTE_SCOPES names routes no router serves:\n  ${unknown.join('\n  ')}`);
  });
});

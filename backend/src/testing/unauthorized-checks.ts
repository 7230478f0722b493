/** The 401 checks every authenticated endpoint gets: no token, a garbage one, an expired one. */
import assert from 'node:assert/strict';
import { expiredToken } from './test-tokens.ts';
import type { TestApp } from './test-app.ts';

export interface UnauthorizedRequest {
  json?: unknown;
  /** A fresh multipart body per request (a FormData is read once). */
  body?: () => FormData;
}

/**
 * `expectUnauthorized(method, path, request?)` for the app `app()` returns (called late: suites start the
 * app in `before`): each variant answers 401 with a `detail` string.
 */
export function unauthorizedChecks(app: () => TestApp) {
  return async function expectUnauthorized(method: string, path: string, request: UnauthorizedRequest = {}): Promise<void> {
    const session = await app().register();
    const variants: [string, string | undefined][] = [
      ['no token', undefined],
      ['a garbage token', 'garbage.token.here'],
      ['an expired token', await expiredToken(session.user.id)],
    ];
    for (const [name, token] of variants) {
      const response = await app().request(method, path, { token, json: request.json, body: request.body?.() });
      assert.equal(response.status, 401, `${method} ${path} with ${name}`);
      assert.equal(typeof response.body.detail, 'string');
    }
  };
}

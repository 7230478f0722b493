import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { TOTAL_COUNT_HEADER } from '@crossfeed/domain/rules/limits.ts';
import { API_OPERATIONS } from './operations.ts';
import { documentedPath, openApiDocument } from './document.ts';
import { tokenScopeFor } from '../token-scopes.ts';

describe('the OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    // validate() dereferences in place: it gets a copy.
    const validated = await SwaggerParser.validate(structuredClone(openApiDocument()) as never);
    assert.equal((validated as { openapi?: string }).openapi, '3.1.0');
  });

  test('has every operation of the contracts at its documented path, with its security', () => {
    const document = openApiDocument();
    for (const operation of API_OPERATIONS) {
      const documented = document.paths[documentedPath(operation)]?.[operation.method];
      assert.ok(documented, `${operation.method.toUpperCase()} ${operation.route}`);
      assert.equal(documented.operationId, operation.operationId);
      const scope = operation.access === 'session' ? tokenScopeFor(operation.method, operation.route) : undefined;
      const expected = operation.access === 'session' ? [{ session: [] }, ...(scope ? [{ apiToken: [scope] }] : [])] : operation.access === 'admin' ? [{ session: [] }] : [];
      assert.deepEqual(documented.security, expected, operation.operationId);
      // What signing in can refuse before the handler runs is documented on every signed-in operation.
      const refusals = operation.access === 'admin' ? ['401', '403', '503'] : operation.access === 'session' ? ['401', '403', '503', ...(scope ? ['429'] : [])] : [];
      for (const status of refusals) assert.ok(documented.responses[status], `${operation.operationId} documents ${status}`);
      if (operation.paged) {
        assert.ok(documented.parameters?.some((parameter) => parameter.name === 'limit' && parameter.in === 'query'), operation.operationId);
        assert.ok(Object.values(documented.responses).some((response) => response.headers?.[TOTAL_COUNT_HEADER]), operation.operationId);
      }
    }
  });

  test('lists every webhook event with its signature header', () => {
    const document = openApiDocument();
    for (const type of WEBHOOK_EVENTS) {
      const post = document.webhooks[type]?.post;
      assert.ok(post, type);
      assert.ok(post.parameters?.some((parameter) => parameter.name === WEBHOOK_SIGNATURE_HEADER && parameter.in === 'header'), type);
    }
  });

  test('is built once', () => {
    assert.equal(openApiDocument(), openApiDocument());
  });
});

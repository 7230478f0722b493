import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { buildOpenApiDocument } from './document.ts';
import { operations } from './operation.ts';
import { ResponseChecker, type CheckedAnswer } from './response-check.ts';

const Thing = z.object({ id: z.string(), count: z.number().int() });
const checker = new ResponseChecker(
  buildOpenApiDocument(
    operations([
      {
        method: 'get',
        route: '/things/:id',
        path: '/things/{id}/',
        operationId: 'getThing',
        summary: 'A thing',
        tag: 'Things',
        access: 'session',
        responses: { 200: { description: 'The thing.', schema: Thing } },
        errors: [404],
      },
      {
        method: 'get',
        route: '/things/count',
        operationId: 'countThings',
        summary: 'How many things',
        tag: 'Things',
        access: 'public',
        responses: { 200: { description: 'The count.', schema: z.object({ total: z.number() }) } },
        errors: [],
      },
      {
        method: 'delete',
        route: '/things/:id',
        operationId: 'deleteThing',
        summary: 'Deletes a thing',
        tag: 'Things',
        access: 'session',
        responses: { 204: { description: 'Deleted.' } },
        errors: [404],
      },
    ]),
  ),
);
const json = 'application/json; charset=utf-8';
const answer = (overrides: Partial<CheckedAnswer>): CheckedAnswer => ({ method: 'GET', path: '/things/t1', status: 200, contentType: json, text: '{"id":"t1","count":2}', ...overrides });

describe('response check', () => {
  test('passes an answer the document describes, with or without the trailing slash and query string', () => {
    checker.check(answer({}));
    checker.check(answer({ path: '/things/t1/?fields=all' }));
    checker.check(answer({ method: 'DELETE', status: 204, contentType: null, text: '' }));
    checker.check(answer({ status: 404, text: '{"detail":"Not found."}' }));
  });

  test('fails a body that does not match the documented schema, saying where and why', () => {
    assert.throws(
      () => checker.check(answer({ text: '{"id":7}' })),
      (error: Error) =>
        error.message.includes('GET /things/t1') &&
        error.message.includes('answered 200') &&
        error.message.includes("must have required property 'count'") &&
        error.message.includes('/id must be string') &&
        error.message.includes('{"id":7}'),
    );
    // The answer side is closed: a field the document does not list is drift too.
    assert.throws(() => checker.check(answer({ text: '{"id":"t1","count":2,"secret":"x"}' })), /must NOT have additional properties/);
  });

  test('fails a success status the operation does not document', () => {
    assert.throws(() => checker.check(answer({ status: 201 })), /answered 201, a status the OpenAPI document does not list/);
  });

  test('fails a refusal that is not `{ detail }`, documented or not', () => {
    assert.throws(() => checker.check(answer({ status: 404, text: '{"error":"gone"}' })), /required property 'detail'/);
    assert.throws(() => checker.check(answer({ status: 400, text: '{"error":"bad"}' })), /required property 'detail'/);
  });

  test('matches the literal route before the parameterised one', () => {
    assert.equal(checker.find('GET', '/things/count')?.operation.operationId, 'countThings');
    assert.equal(checker.find('GET', '/things/t1')?.operation.operationId, 'getThing');
    checker.check(answer({ path: '/things/count', text: '{"total":3}' }));
  });

  test('skips paths and methods no operation matches', () => {
    checker.check(answer({ path: '/nowhere', status: 404, text: '{"anything":true}' }));
    checker.check(answer({ method: 'PUT', status: 200, text: 'not json' }));
    assert.equal(checker.find('GET', '/things/a/b'), undefined);
  });
});

import { z } from 'zod';
import { operations } from '../../api/openapi/operation.ts';

/** What `GET /openapi.json` answers: an OpenAPI 3.1 document (its own schema is the OpenAPI specification's). */
const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string().describe('The OpenAPI version: 3.1.0.'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** `GET /health` (app.ts): 200 once the server is ready. */
const HealthSchema = z.object({ status: z.literal('ok') });

/** The operations of `api-docs` as the OpenAPI document describes them (issue 26), and the server's health. */
export const apiDocsOperations = operations([
  {
    method: 'get',
    route: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of the API, generated from the schemas the server validates with. Cacheable for a few minutes.',
    tag: 'API documentation',
    access: 'public',
    responses: { 200: { description: 'The OpenAPI document.', schema: OpenApiDocumentSchema } },
    errors: [],
  },
  {
    method: 'get',
    route: '/docs/api',
    operationId: 'getApiReferencePage',
    summary: 'The API reference page',
    description: 'A page rendering this document (swagger-ui, served from this origin).',
    tag: 'API documentation',
    access: 'public',
    responses: { 200: { description: 'The HTML page.', contentType: 'text/html' } },
    errors: [],
  },
  {
    method: 'get',
    route: '/health',
    operationId: 'getHealth',
    summary: 'Whether the server is ready',
    description: 'Answers 200 once the read models have caught up and the workers run; 503 with the reason until then.',
    tag: 'Health',
    access: 'public',
    responses: { 200: { description: 'Ready.', schema: HealthSchema } },
    errors: [503],
  },
]);

import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { API_TOKEN_PREFIX, API_TOKEN_SCOPES } from '@crossfeed/domain/rules/api-token-scopes.ts';
import { TOTAL_COUNT_HEADER } from '@crossfeed/domain/rules/limits.ts';
import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TEST_EVENT, isFounderWebhookEventType } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { WEBHOOK_PAYLOAD_SCHEMAS } from '@crossfeed/domain/webhooks/webhook-payloads.ts';
import { PageQuery } from '../../http/paging.ts';
import { tokenScopeFor } from '../token-scopes.ts';
import type { Operation, OperationResponse } from './operation.ts';
import { API_OPERATIONS } from './operations.ts';
import { COMPONENT_SCHEMAS_REF, SchemaConverter, type JsonSchema } from './json-schema.ts';

/** The OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  webhooks: Record<string, { post: OpenApiOperation }>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
};

export type OpenApiResponse = {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
};

export type OpenApiOperation = {
  operationId?: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
};

/** The shared body of every refusal (SPEC §7): `{ "detail": "..." }`. */
export const ERROR_DETAIL = 'ErrorDetail';

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad request: the input is malformed or breaks a rule.',
  401: 'Not authenticated: no valid session or token.',
  402: 'Payment required.',
  403: 'Forbidden: not allowed for this account or token.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'Conflict with the current state.',
  410: 'Gone.',
  413: 'The body is too large.',
  415: 'Unsupported media type.',
  422: 'The input is well formed but cannot be processed.',
  429: 'Too many requests: try again later.',
  500: 'Unexpected server error.',
  502: 'An upstream service failed.',
  503: 'Temporarily unavailable.',
};

const SIGNED_DESCRIPTION =
  'No session or token: the request is authenticated by a signature of its own (the payment or mail provider signs the raw body with a shared secret).';

const TOKEN_DESCRIPTION = [
  `A personal API token (\`${API_TOKEN_PREFIX}…\`, made in Settings › API tokens) sent as \`Authorization: Bearer ${API_TOKEN_PREFIX}…\`.`,
  `Each token carries scopes; an operation lists the scope it needs: ${API_TOKEN_SCOPES.map((scope) => `\`${scope}\``).join(', ')}.`,
  'A token never reaches admin operations or account settings (password, profile, tokens, billing, referrals): those answer a token with 403.',
].join(' ');

/** `/content/:id` → `/content/{id}`, unless the operation names its documented path. */
export const documentedPath = (operation: Pick<Operation, 'route' | 'path'>): string =>
  operation.path ?? operation.route.replace(/:(\w+)/g, '{$1}');

/** The product's version: the root package.json's, else the backend workspace's. */
function productVersion(): string {
  const read = (file: string): string | undefined => {
    try {
      const json: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      const version = (json as { version?: unknown }).version;
      return typeof version === 'string' ? version : undefined;
    } catch {
      return undefined;
    }
  };
  const backendDir = path.resolve(import.meta.dirname, '../../..');
  return read(path.join(backendDir, '../package.json')) ?? read(path.join(backendDir, 'package.json')) ?? '0.0.0';
}

function objectProperties(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  return {
    properties: (schema.properties ?? {}) as Record<string, JsonSchema>,
    required: new Set((schema.required ?? []) as string[]),
  };
}

/** Builds the document from the operations (the contracts); throws on a duplicate operation or operationId. */
export function buildOpenApiDocument(list: readonly Operation[] = API_OPERATIONS): OpenApiDocument {
  const converter = new SchemaConverter();
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  const tags = new Set<string>();
  const errorRef = { $ref: `${COMPONENT_SCHEMAS_REF}${ERROR_DETAIL}` };
  const pageParams = objectProperties(converter.convert(PageQuery, 'input')).properties;

  for (const operation of list) {
    const where = `${operation.method.toUpperCase()} ${operation.route}`;
    const pathKey = documentedPath(operation);
    if (operationIds.has(operation.operationId)) throw new Error(`Duplicate operationId ${operation.operationId} (${where})`);
    operationIds.add(operation.operationId);
    const item = (paths[pathKey] ??= {});
    if (item[operation.method]) throw new Error(`Two operations for ${operation.method.toUpperCase()} ${pathKey}`);
    tags.add(operation.tag);

    const parameters: Record<string, unknown>[] = [];
    const pathParams = operation.params ? objectProperties(converter.convert(operation.params, 'input')).properties : {};
    for (const [, name] of pathKey.matchAll(/\{(\w+)\}/g)) {
      parameters.push({ name, in: 'path', required: true, schema: pathParams[name!] ?? { type: 'string' } });
    }
    const queryNames = new Set<string>();
    if (operation.query) {
      const { properties, required } = objectProperties(converter.convert(operation.query, 'input'));
      for (const [name, schema] of Object.entries(properties)) {
        queryNames.add(name);
        const { description, ...rest } = schema;
        parameters.push({ name, in: 'query', required: required.has(name), ...(typeof description === 'string' && { description }), schema: rest });
      }
    }
    if (operation.paged) {
      const descriptions: Record<string, string> = {
        limit: 'How many items to answer (1 or more; default and maximum per the server, a larger value is clamped).',
        offset: 'How many items to skip from the start (0 or more, default 0).',
      };
      for (const [name, schema] of Object.entries(pageParams)) {
        if (!queryNames.has(name)) parameters.push({ name, in: 'query', required: false, description: descriptions[name], schema });
      }
    }

    const responses: Record<string, OpenApiResponse> = {};
    for (const [status, response] of Object.entries(operation.responses) as [string, OperationResponse][]) {
      const success = Number(status) >= 200 && Number(status) < 300;
      const headers: NonNullable<OpenApiResponse['headers']> = {};
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        headers[name] = { description: header.description, schema: header.schema ? converter.convert(header.schema, 'output') : { type: 'string' } };
      }
      if (operation.paged && success) {
        headers[TOTAL_COUNT_HEADER] = { description: 'The number of all matching items (the body holds one page of them).', schema: { type: 'integer', minimum: 0 } };
      }
      const contentType = response.contentType ?? (response.schema ? 'application/json' : undefined);
      responses[status] = {
        description: response.description,
        ...(contentType && { content: { [contentType]: { schema: response.schema ? converter.convert(response.schema, 'output') : { type: 'string' } } } }),
        ...(Object.keys(headers).length > 0 && { headers }),
      };
    }
    for (const status of operation.errors) {
      if (responses[status] !== undefined) throw new Error(`${where}: status ${status} is both an answer and an error`);
      responses[status] = { description: STATUS_TEXT[status] ?? 'Refused.', content: { 'application/json': { schema: errorRef } } };
    }

    const scope = operation.access === 'session' ? tokenScopeFor(operation.method, operation.route) : undefined;
    // What signing in itself can refuse, whatever the handler does: 401 and 503 for every signed-in call, 403
    // for an admin route or a token the route or its scope does not admit, and 429 past a token's rate limit.
    for (const status of authRefusals(operation.access, scope !== undefined)) {
      responses[status] ??= { description: STATUS_TEXT[status] ?? 'Refused.', content: { 'application/json': { schema: errorRef } } };
    }
    const security: Record<string, string[]>[] =
      operation.access === 'session' ? [{ session: [] }, ...(scope ? [{ apiToken: [scope] }] : [])]
      : operation.access === 'admin' ? [{ session: [] }]
      : [];
    const accessNote =
      operation.access === 'signed' ? SIGNED_DESCRIPTION
      : operation.access === 'admin' ? 'Admins only (a session of an admin account; API tokens are refused).'
      : operation.access === 'session' && !scope ? 'A login session only: API tokens are refused.'
      : undefined;
    const description = [operation.description, accessNote].filter(Boolean).join('\n\n');

    item[operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(description && { description }),
      tags: [operation.tag],
      security,
      ...(parameters.length > 0 && { parameters }),
      ...(operation.body && { requestBody: requestBody(converter, operation) }),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Crossfeed API',
      version: productVersion(),
      description: [
        'The HTTP API of Crossfeed, generated from the schemas the server validates with.',
        `Refusals answer \`{ "detail": "..." }\` with a 4xx status. Paged lists take \`limit\` and \`offset\` and give the total in the \`${TOTAL_COUNT_HEADER}\` header.`,
        'Authenticate with a login session (`POST /auth/login`) or a personal API token with the right scope.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: [...tags, 'Webhooks'].filter((tag, index, all) => all.indexOf(tag) === index).sort().map((name) => ({ name })),
    paths,
    webhooks: webhooks(converter),
    components: {
      schemas: {
        [ERROR_DETAIL]: {
          type: 'object',
          description: 'Why the request was refused.',
          properties: { detail: { type: 'string', description: 'A sentence saying what is wrong.' } },
          required: ['detail'],
        },
        ...converter.components,
      },
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A login session: the `access_token` `POST /auth/login` answers, sent as `Authorization: Bearer <token>`.',
        },
        apiToken: { type: 'http', scheme: 'bearer', description: TOKEN_DESCRIPTION },
      },
    },
  };
}

/** The refusals `requireAuth` / `requireAdmin` can answer before the handler runs (backend/src/auth/require-auth.ts). */
function authRefusals(access: Operation['access'], tokenScoped: boolean): number[] {
  if (access === 'admin') return [401, 403, 503];
  if (access !== 'session') return [];
  return tokenScoped ? [401, 403, 429, 503] : [401, 403, 503];
}

function requestBody(converter: SchemaConverter, operation: Operation): NonNullable<OpenApiOperation['requestBody']> {
  const schema = converter.convert(operation.body!, 'input');
  switch (operation.bodyEncoding ?? 'json') {
    case 'json':
      return { required: true, content: { 'application/json': { schema } } };
    case 'form':
      return { required: true, content: { 'application/x-www-form-urlencoded': { schema } } };
    case 'multipart': {
      const { properties, required } = objectProperties(schema);
      return {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { ...properties, file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: 'The uploaded file.' } },
              required: [...new Set([...required, 'file'])],
            },
          },
        },
      };
    }
    case 'raw':
      return {
        required: true,
        description: 'Read as raw bytes: the signature covers the body exactly as sent.',
        content: { 'application/json': { schema } },
      };
  }
}

/**
 * The events a webhook endpoint receives (OpenAPI 3.1 `webhooks`): each event's envelope with its own `data`
 * (webhook-payloads.ts), signed in the `Crossfeed-Signature` header.
 */
function webhooks(converter: SchemaConverter): OpenApiDocument['webhooks'] {
  const result: OpenApiDocument['webhooks'] = {};
  const events: [string, z.ZodType][] = [
    ...WEBHOOK_EVENTS.map((type): [string, z.ZodType] => [type, WEBHOOK_PAYLOAD_SCHEMAS[type]]),
    [WEBHOOK_TEST_EVENT, z.record(z.string(), z.unknown())],
  ];
  for (const [type, data] of events) {
    const envelope = z.object({
      id: z.string().describe('The event id, the same across retries and resends: receivers dedupe on it.'),
      type: z.literal(type),
      created_at: z.string().describe('When the fact happened (ISO 8601).'),
      data: data.describe("The event's facts."),
    });
    const audience =
      type === WEBHOOK_TEST_EVENT ? 'Sent by "Send test event" to one endpoint; never subscribed to.'
      : isFounderWebhookEventType(type) ? "For the founders' (admins') endpoints: the whole waitlist."
      : "For a creator's endpoints, about their own account.";
    result[type] = {
      post: {
        operationId: `webhook_${type.replace(/\W/g, '_')}`,
        summary: type === WEBHOOK_TEST_EVENT ? 'The test event' : `The ${type} event`,
        description: `${audience} docs/webhook-events.md says when each event fires.`,
        tags: ['Webhooks'],
        parameters: [
          {
            name: WEBHOOK_SIGNATURE_HEADER,
            in: 'header',
            required: true,
            description:
              "`t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\">` keyed with the endpoint's signing secret: recompute it over the raw body, compare, and refuse an old `t`.",
            schema: { type: 'string' },
          },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: converter.convert(envelope, 'output') } } },
        responses: { '2XX': { description: 'Received. Any other answer, or none within the timeout, is retried.' } },
      },
    };
  }
  return result;
}

let built: OpenApiDocument | undefined;

/** The document of the API the server serves, built once. */
export function openApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument(API_OPERATIONS);
  return built;
}

import type { z } from 'zod';

/**
 * One operation of the HTTP API as the OpenAPI document describes it (issue 26). Each feature declares its
 * operations in a `*.contract.ts` beside its router; `operations.ts` gathers them, the document is built from
 * them, and the route-coverage test holds them to the routes Express really serves.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call the operation:
 * - `public`: no credentials;
 * - `session`: a login session's JWT, or a personal API token whose scope `token-scopes.ts` grants;
 * - `admin`: a session of an admin (never a token);
 * - `signed`: a signature of its own (the payment provider's and the mail provider's webhooks).
 */
export type Access = 'public' | 'session' | 'admin' | 'signed';

export interface OperationResponse {
  description: string;
  /** The JSON body (zod, output side). Omit for an empty body. */
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. Use text/csv, text/html... for the others. */
  contentType?: string;
  /** Response headers the answer carries (e.g. Location, Retry-After). */
  headers?: Readonly<Record<string, { description: string; schema?: z.ZodType }>>;
}

export interface Operation {
  method: HttpMethod;
  /** The Express route path exactly as the router declares it: `/content/:id`. */
  route: string;
  /**
   * The documented path when it differs from the route with `{id}` params, i.e. when SPEC §7 lists the path
   * with a trailing slash (`/content/{id}/`). Express answers both (non-strict routing).
   */
  path?: string;
  operationId: string;
  summary: string;
  description?: string;
  /** The feature it belongs to (an OpenAPI tag): Auth, Content, Contacts, Analytics... */
  tag: string;
  access: Access;
  /** Path parameters' schemas, when not plain strings. */
  params?: z.ZodType;
  /** Query string (a zod object schema, input side). */
  query?: z.ZodType;
  /** Request body (input side) and how it is encoded (json by default). */
  body?: z.ZodType;
  bodyEncoding?: 'json' | 'form' | 'multipart' | 'raw';
  /** A paged list (`limit`, `offset` query parameters (PageQuery) and the `X-Total-Count` header). */
  paged?: boolean;
  /** Success answers by status. */
  responses: Readonly<Record<number, OperationResponse>>;
  /** The statuses this operation can refuse with `{ "detail": ... }` (400, 401, 403, 404, 409, 413, 422, 429, 503). */
  errors: readonly number[];
}

/** Declares operations with their types checked (identity at run time). */
export const operations = (list: readonly Operation[]): readonly Operation[] => list;

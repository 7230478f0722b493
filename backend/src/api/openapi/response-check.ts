import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument, type OpenApiDocument, type OpenApiOperation } from './document.ts';

/**
 * Holds the server's answers to the OpenAPI document (issue 26): the HTTP test suite's client calls
 * `check` after each answer, so every test also tests the document. It finds the documented operation
 * whose method and path pattern match the request, picks the schema documented for the status (a 2xx
 * answer's own, an error's `ErrorDetail`), and validates the JSON body against that schema of the DOCUMENT
 * with Ajv (JSON Schema 2020-12). A path no operation matches (unknown routes, the UI) is not checked.
 */

export interface CheckedAnswer {
  method: string;
  /** The request path, with or without its query string. */
  path: string;
  status: number;
  contentType: string | null;
  /** The body as text. */
  text: string;
}

interface Matcher {
  method: string;
  pattern: RegExp;
  /** Literal characters of the template: the most literal pattern wins (`/content/match` over `/content/{id}`). */
  literal: number;
  pathKey: string;
  operation: OpenApiOperation;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class ResponseChecker {
  private readonly matchers: Matcher[] = [];
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly document: OpenApiDocument;

  constructor(document: OpenApiDocument) {
    this.document = document;
    for (const [pathKey, item] of Object.entries(document.paths)) {
      const template = trimSlash(pathKey);
      const source = template
        .split(/(\{\w+\})/)
        .map((part) => (/^\{\w+\}$/.test(part) ? '([^/]+)' : escapeRegExp(part)))
        .join('');
      for (const [method, operation] of Object.entries(item)) {
        this.matchers.push({
          method: method.toUpperCase(),
          pattern: new RegExp(`^${source}/?$`),
          literal: template.replace(/\{\w+\}/g, '').length,
          pathKey,
          operation,
        });
      }
    }
    this.matchers.sort((a, b) => b.literal - a.literal);
    // Not strict: the zod-made schemas carry annotations Ajv's strict mode would question (e.g. `format`s it
    // checks only with ajv-formats, which is added; `contentMediaType`).
    this.ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
  }

  /** The documented operation a request reaches, or undefined. */
  find(method: string, path: string): { pathKey: string; operation: OpenApiOperation } | undefined {
    let pathname = path.split('?')[0]!.split('#')[0]!;
    try {
      pathname = decodeURI(pathname);
    } catch {
      // A malformed escape: matched as sent.
    }
    const upper = method.toUpperCase();
    const found = this.matchers.find((matcher) => matcher.method === upper && matcher.pattern.test(pathname));
    return found && { pathKey: found.pathKey, operation: found.operation };
  }

  /** Throws a descriptive Error when the answer does not match the document. */
  check(answer: CheckedAnswer): void {
    const found = this.find(answer.method, answer.path);
    if (!found) return;
    const { pathKey, operation } = found;
    const where = `${answer.method.toUpperCase()} ${answer.path} (${operation.operationId ?? pathKey}) answered ${answer.status}`;
    const response = operation.responses[String(answer.status)];
    const success = answer.status >= 200 && answer.status < 300;
    if (!response) {
      if (success) throw new Error(`${where}, a status the OpenAPI document does not list for it (it lists ${Object.keys(operation.responses).join(', ')}). Body: ${snippet(answer.text)}`);
      // An undocumented refusal is checked as the shape every refusal has.
      if (!isJson(answer.contentType)) return;
      this.validate(where, '#/components/schemas/ErrorDetail', answer.text);
      return;
    }
    const content = response.content ?? {};
    const json = Object.keys(content).find((type) => isJson(type));
    if (!json) return;
    if (!isJson(answer.contentType)) {
      if (success && answer.text.length > 0) throw new Error(`${where} with ${answer.contentType ?? 'no content type'}, the document says ${json}. Body: ${snippet(answer.text)}`);
      return;
    }
    const pointer = `#/paths/${escapePointer(pathKey)}/${answer.method.toLowerCase()}/responses/${answer.status}/content/${escapePointer(json)}/schema`;
    this.validate(where, pointer, answer.text);
  }

  private validate(where: string, pointer: string, text: string): void {
    let body: unknown;
    try {
      body = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      throw new Error(`${where} with a JSON content type but a body that is not JSON: ${snippet(text)}`);
    }
    const validate = this.validator(pointer);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`);
      throw new Error(`${where}: the body does not match the OpenAPI document's schema (${pointer}):\n  ${errors.join('\n  ')}\nBody: ${snippet(text)}`);
    }
  }

  /** The validator of a schema of the document, compiled at its first use. */
  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      if (!this.ajv.getSchema(DOCUMENT_ID)) {
        // The document itself, so that its `#/components/schemas/...` references resolve (Ajv reads the
        // schemas where they stand; the rest of the document is ignored as unknown keywords).
        this.ajv.addSchema({ $id: DOCUMENT_ID, paths: this.document.paths, components: this.document.components }, undefined, undefined, false);
      }
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}

const DOCUMENT_ID = 'urn:crossfeed:openapi';

const isJson = (contentType: string | null | undefined) => !!contentType && /^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim());
const escapePointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
const snippet = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}…` : text || '(empty)');

let served: ResponseChecker | undefined;

/** Checks an answer of the running server against the document it serves (the checker is made once). */
export function checkAnswer(answer: CheckedAnswer): void {
  served ??= new ResponseChecker(openApiDocument());
  served.check(answer);
}

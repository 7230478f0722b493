import path from 'node:path';
import { createRequire } from 'node:module';
import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';
import { openApiDocument } from '../../api/openapi/document.ts';
import { HttpError } from '../../http/http-error.ts';

export const OPENAPI_PATH = '/openapi.json';
export const API_DOCS_PATH = '/docs/api';

/** The document changes only with a deploy: shared caches may keep it a few minutes. */
const DOCUMENT_CACHE = 'public, max-age=300';
/** swagger-ui-dist's files are pinned to the installed version but their names are not hashed: a day. */
const ASSET_CACHE = 'public, max-age=86400';

/** The renderer's files served under /docs/api/ (from node_modules, never a CDN), by the name the page uses. */
const RENDERER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'swagger-ui.css',
  'swagger-ui-bundle.js': 'swagger-ui-bundle.js',
  'favicon-32x32.png': 'favicon-32x32.png',
  'favicon-16x16.png': 'favicon-16x16.png',
};

const rendererDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The page: swagger-ui's own files and a small init script, all from this origin, so the app's
 * Content-Security-Policy holds as it is (no inline script; swagger-ui's inline styles and data: icons are
 * already allowed by helmet's `style-src 'unsafe-inline'` and the app's `img-src data:`).
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Crossfeed API</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
<link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-16x16.png" sizes="16x16">
</head>
<body>
<noscript>The API reference needs JavaScript; the document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

/** Starts swagger-ui on the served document; no validator badge (it would call validator.swagger.io). */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/**
 * Issue 26: the OpenAPI document (`GET /openapi.json`) and a page rendering it (`GET /docs/api`, with
 * swagger-ui). Both are public: the document describes the API, it grants nothing.
 */
export function apiDocsRoutes(_ctx: ApiContext): Router {
  const router = Router();

  router.get(OPENAPI_PATH, (_req, res) => {
    res.setHeader('Cache-Control', DOCUMENT_CACHE);
    res.json(openApiDocument());
  });

  router.get(API_DOCS_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(PAGE);
  });

  router.get(`${API_DOCS_PATH}/init.js`, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('js').send(INIT_SCRIPT);
  });

  router.get(`${API_DOCS_PATH}/:file`, (req, res, next) => {
    const file = RENDERER_FILES[req.params.file];
    if (file === undefined || !Object.hasOwn(RENDERER_FILES, req.params.file)) throw new HttpError(404, 'Not Found');
    res.sendFile(path.join(rendererDir, file), { cacheControl: false, headers: { 'Cache-Control': ASSET_CACHE } }, (error) => {
      if (error && !res.headersSent) next(new HttpError(404, 'Not Found'));
    });
  });

  return router;
}

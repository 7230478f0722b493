import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { isApiPath } from './api-paths.ts';

/**
 * Serves the built single-page app: hashed assets with a long cache, and index.html (never cached) for
 * every non-API GET so that client-side routes survive a reload.
 */
export function staticUi(distDir: string, options: { serveSourceMaps?: boolean } = {}): Router {
  const router = express.Router();
  const indexFile = path.join(distDir, 'index.html');
  // Source maps give the sources away: served in development only (a build may contain them either way).
  if (options.serveSourceMaps === false) {
    router.use((req, res, next) => {
      if (!req.path.endsWith('.map')) return next();
      res.status(404).json({ detail: 'Not Found' });
    });
  }
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(distDir, { index: false }));
  router.get(/.*/, (req, res, next) => {
    if (isApiPath(req.path)) return next();
    if (!fs.existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The UI is not built yet: run `npm run build:ui` (npm start does it).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}

import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express, { type Request, type Response, type Router } from 'express';
import { isApiPath } from './api-paths.ts';

/** Hashed file names never change content: cached for a year without revalidation. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: revalidated on every load. */
const REVALIDATE = 'no-cache';
/** The variants the UI build writes beside its files (scripts/precompress.ts), best first. */
const VARIANTS = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;
type Encoding = (typeof VARIANTS)[number]['encoding'];
/** A built asset's name, e.g. `index-CGKlnM6n.js`: no folders, no dot segments. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

/** The q-value of each coding in an Accept-Encoding header (RFC 9110 §12.5.3); `*` stands for the rest. */
export function parseAcceptEncoding(header: string | undefined): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : Number(q);
    accepted.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  return accepted;
}

/**
 * The encoding to send among those available: the one the client rates highest (q-value), brotli before
 * gzip when rated alike; null (the file itself) when the client takes neither.
 */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  const accepted = parseAcceptEncoding(header);
  const wildcard = accepted.get('*') ?? 0;
  let best: { encoding: Encoding; q: number } | null = null;
  for (const { encoding } of VARIANTS) {
    const q = accepted.get(encoding) ?? wildcard;
    if (available.includes(encoding) && q > 0 && q > (best?.q ?? 0)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

/** The precompressed variants beside `file`, or null when the file itself does not exist. */
function findVariants(file: string): Encoding[] | null {
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return null;
  return VARIANTS.filter((v) => fs.existsSync(file + v.extension)).map((v) => v.encoding);
}

/**
 * findVariants, remembered: for hashed assets only, whose name is never reused for other content. Only
 * existing files are remembered, so requests for made-up names cannot grow the cache.
 */
function rememberedVariants(): (file: string) => Encoding[] | null {
  const known = new Map<string, Encoding[]>();
  return (file) => {
    const cached = known.get(file);
    if (cached) return cached;
    const found = findVariants(file);
    if (found) known.set(file, found);
    return found;
  };
}

type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

/** `<link>` hints for a page's own chunks and styles (the build's `route-preloads.json`). */
export function preloadLinks(preloads: { js: readonly string[]; css: readonly string[] }): string {
  const safe = (href: string) => (/^\/assets\/[\w.-]+$/.test(href) ? href : null);
  const js = preloads.js.map(safe).filter((href) => href !== null);
  const css = preloads.css.map(safe).filter((href) => href !== null);
  return [
    ...css.map((href) => `<link rel="preload" as="style" href="${href}">`),
    ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('');
}

/**
 * index.html for a path the build listed in `route-preloads.json`, with that page's preload hints before
 * `</head>` (and its brotli and gzip forms, made once per build); null for any other path, or without a
 * build that wrote the list. Re-read when index.html
 * changes (a rebuild), so the hints always name the files of the index they are in.
 */
type PageHtml = { html: Buffer; br: Buffer; gzip: Buffer };

function pageHtmlWithPreloads(distDir: string): (pathname: string) => PageHtml | null {
  const indexFile = path.join(distDir, 'index.html');
  const listFile = path.join(distDir, 'route-preloads.json');
  let cached: { mtimeMs: number; pages: Map<string, PageHtml> } | null = null;
  const pages = (): Map<string, PageHtml> | null => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs === mtimeMs) return cached.pages;
    const built = new Map<string, PageHtml>();
    try {
      const index = fs.readFileSync(indexFile, 'utf8');
      const list = JSON.parse(fs.readFileSync(listFile, 'utf8')) as RoutePreloads;
      if (index.includes('</head>')) {
        for (const [page, preloads] of Object.entries(list)) {
          const html = Buffer.from(index.replace('</head>', `${preloadLinks(preloads)}</head>`));
          built.set(page, { html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) });
        }
      }
    } catch {
      // No list (an older build) or an unreadable one: index.html goes out as built, without hints.
    }
    cached = { mtimeMs, pages: built };
    return built;
  };
  return (pathname) => {
    const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return pages()?.get(page) ?? null;
  };
}

/**
 * Serves the built single-page app: hashed assets with a long cache, and index.html (never cached) for
 * every non-API GET so that client-side routes survive a reload. Where the build wrote a `.br` or `.gz`
 * beside a file, the best one the client accepts is sent, with the original's Content-Type,
 * `Content-Encoding` and `Vary: Accept-Encoding`.
 */
export function staticUi(distDir: string, options: { serveSourceMaps?: boolean } = {}): Router {
  const router = express.Router();
  const assetsDir = path.join(distDir, 'assets');
  const indexFile = path.join(distDir, 'index.html');
  const assetVariants = rememberedVariants();

  /** Sends `file` (or its best variant); false when the file does not exist. */
  const send = (req: Request, res: Response, file: string, cacheControl: string, variants: Encoding[] | null): boolean => {
    if (!variants) return false;
    res.setHeader('Cache-Control', cacheControl);
    // Every answer for a file with variants depends on the header, the identity one too (shared caches).
    if (variants.length > 0) res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req.get('accept-encoding'), variants);
    const extension = VARIANTS.find((v) => v.encoding === encoding)?.extension ?? '';
    // The type of what the bytes decode to; send() keeps a Content-Type that is already set.
    res.type(path.extname(file));
    if (encoding) res.setHeader('Content-Encoding', encoding);
    // No ranges: a range of the compressed bytes is not what a client asking for a range means.
    res.sendFile(file + extension, { cacheControl: false, acceptRanges: !encoding }, (error) => {
      if (!error || res.headersSent) return;
      // Gone since it was looked up (a rebuild): an ordinary 404, without the headers set for the file.
      for (const header of ['Cache-Control', 'Content-Encoding', 'Content-Type']) res.removeHeader(header);
      res.status(404).json({ detail: 'Not Found' });
    });
    return true;
  };

  // Source maps give the sources away: served in development only (a build may contain them either way).
  if (options.serveSourceMaps === false) {
    router.use((req, res, next) => {
      if (!req.path.endsWith('.map')) return next();
      res.status(404).json({ detail: 'Not Found' });
    });
  }
  router.get('/assets/:name', (req, res, next) => {
    const name = req.params.name;
    if (!ASSET_NAME.test(name)) return next();
    const file = path.join(assetsDir, name);
    if (!send(req, res, file, IMMUTABLE, assetVariants(file))) next();
  });
  router.use(
    '/assets',
    express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(distDir, { index: false }));
  const pageHtml = pageHtmlWithPreloads(distDir);
  router.get(/.*/, (req, res, next) => {
    if (isApiPath(req.path)) return next();
    // A page the build knows: index.html naming that page's chunks, so they download with the entry chunk.
    const page = pageHtml(req.path);
    if (page !== null) {
      res.setHeader('Cache-Control', REVALIDATE);
      res.vary('Accept-Encoding');
      const encoding = chooseEncoding(req.get('accept-encoding'), ['br', 'gzip']);
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.type('html').send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
      return;
    }
    // Looked up on every request: index.html keeps its name across builds.
    if (send(req, res, indexFile, REVALIDATE, findVariants(indexFile))) return;
    res.status(503).type('text/plain').send('The UI is not built yet: run `npm run build:ui` (npm start does it).');
  });
  return router;
}

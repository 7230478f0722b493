import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
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
/** The place the UI build marks for a page's preload hints (frontend/vite.config.ts). */
export const PAGE_HINTS_MARKER = '<!--page-hints-->';
type PrerenderedPages = Record<string, { title: string | null; html: string }>;

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

/** CSP source expressions (`'sha256-…'`) for the inline scripts of a built index.html (not those with a src). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!) || match[2]!.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * A Content-Security-Policy with `sources` added to its `script-src` (or to a `script-src` made from
 * `default-src`); unchanged without either, or without sources.
 */
export function allowScripts(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  const directives = policy.split(';').map((directive) => directive.trim()).filter(Boolean);
  const named = (name: string) => directives.findIndex((directive) => directive.split(/\s+/)[0]!.toLowerCase() === name);
  const script = named('script-src');
  if (script >= 0) directives[script] = `${directives[script]} ${sources.join(' ')}`;
  else if (named('default-src') >= 0) directives.push(`script-src${directives[named('default-src')]!.slice('default-src'.length)} ${sources.join(' ')}`);
  else return policy;
  return directives.join(';');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page as sent, with its brotli and gzip forms (made once per build). */
type PageHtml = { html: Buffer; br: Buffer; gzip: Buffer };
type BuiltPages = {
  /** index.html as built, for every path the build did not list. */
  index: PageHtml;
  /** Per page: index.html with that page's preload hints and, when prerendered, its markup and title. */
  pages: Map<string, PageHtml>;
  /** The inline scripts' hashes, added to the Content-Security-Policy of every page. */
  scriptHashes: string[];
};

const compressed = (text: string): PageHtml => {
  const html = Buffer.from(text);
  return { html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
};

/**
 * The index.html to send for a path: with the page's preload hints (`route-preloads.json`) before
 * `</head>`, and for a prerendered page (`prerendered.json`, scripts/prerender.ts) its markup inside
 * `<div id="root">` and its title. Re-read when index.html changes (a rebuild), so the hints always name
 * the files of the index they are in. Null before the UI is built.
 */
function pageHtml(distDir: string): (pathname: string) => { page: PageHtml; scriptHashes: string[] } | null {
  const indexFile = path.join(distDir, 'index.html');
  const readJson = <T>(name: string): T | null => {
    try {
      return JSON.parse(fs.readFileSync(path.join(distDir, name), 'utf8')) as T;
    } catch {
      // Not written by this build (an older one): the pages go out without it.
      return null;
    }
  };
  let cached: { mtimeMs: number; built: BuiltPages } | null = null;
  const built = (): BuiltPages | null => {
    let mtimeMs: number;
    let index: string;
    try {
      mtimeMs = fs.statSync(indexFile).mtimeMs;
      if (cached?.mtimeMs === mtimeMs) return cached.built;
      index = fs.readFileSync(indexFile, 'utf8');
    } catch {
      return null;
    }
    const preloads = readJson<RoutePreloads>('route-preloads.json') ?? {};
    const prerendered = readJson<PrerenderedPages>('prerendered.json') ?? {};
    const pages = new Map<string, PageHtml>();
    for (const page of new Set([...Object.keys(preloads), ...Object.keys(prerendered)])) {
      let html = index;
      const hints = preloads[page];
      // Where the build marked the place (before the inline scripts and the stylesheets, which would hold
      // them back), else at the end of the head.
      if (hints && html.includes(PAGE_HINTS_MARKER)) html = html.replace(PAGE_HINTS_MARKER, () => preloadLinks(hints));
      else if (hints && html.includes('</head>')) html = html.replace('</head>', () => `${preloadLinks(hints)}</head>`);
      const markup = prerendered[page];
      if (markup && html.includes('<div id="root"></div>')) {
        html = html.replace('<div id="root"></div>', () => `<div id="root">${markup.html}</div>`);
        if (markup.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(markup.title!)}</title>`);
      }
      pages.set(page, compressed(html));
    }
    // Hashed from index.html only: the prerendered markup never adds a script to the policy.
    cached = { mtimeMs, built: { index: compressed(index), pages, scriptHashes: inlineScriptHashes(index) } };
    return cached.built;
  };
  return (pathname) => {
    const pages = built();
    if (!pages) return null;
    const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return { page: pages.pages.get(page) ?? pages.index, scriptHashes: pages.scriptHashes };
  };
}

/**
 * Serves the built single-page app: hashed assets with a long cache, and index.html (never cached) for
 * every non-API GET so that client-side routes survive a reload, with the page's preload hints, its
 * prerendered markup where the build made one, and a Content-Security-Policy that allows index.html's own
 * inline scripts by their hashes. Where the build wrote a `.br` or `.gz`
 * beside a file, the best one the client accepts is sent, with the original's Content-Type,
 * `Content-Encoding` and `Vary: Accept-Encoding`.
 */
export function staticUi(distDir: string, options: { serveSourceMaps?: boolean } = {}): Router {
  const router = express.Router();
  const assetsDir = path.join(distDir, 'assets');
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
  const htmlFor = pageHtml(distDir);
  const sendPage = (req: Request, res: Response, next: () => void) => {
    if (isApiPath(req.path)) return next();
    const found = htmlFor(req.path);
    if (found === null) {
      res.status(503).type('text/plain').send('The UI is not built yet: run `npm run build:ui` (npm start does it).');
      return;
    }
    // index.html for every client route; a page the build knows names its own chunks (they download with
    // the entry chunk) and may arrive prerendered.
    const { page, scriptHashes } = found;
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string') res.setHeader('Content-Security-Policy', allowScripts(policy, scriptHashes));
    res.setHeader('Cache-Control', REVALIDATE);
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req.get('accept-encoding'), ['br', 'gzip']);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.type('html').send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  };
  // index.html itself goes out as every page does (with the policy for its inline scripts), not as a file.
  router.get('/index.html', sendPage);
  router.use(express.static(distDir, { index: false }));
  router.get(/.*/, sendPage);
  return router;
}

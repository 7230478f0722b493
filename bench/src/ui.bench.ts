/**
 * `npm run bench -- ui [--no-build] [--force] [--no-browser] [--runs N] [--verbose]`: the production UI bundle
 * (frontend/dist) and how fast its pages load.
 * - builds it first with scripts/build-ui-if-needed.ts (as `npm start` does: only when the UI sources
 *   changed; `--force` always rebuilds, `--no-build` reads the dist as it is);
 * - lists every built JS and CSS asset with its raw size and gzip size (node:zlib, level 9, as a static
 *   pre-compressor would);
 * - finds the initial JS, what the browser must load before the first page renders: the entry chunk and
 *   everything it imports statically. From the Vite manifest (dist/.vite/manifest.json) when the build
 *   writes one (`build.manifest: true`), else from index.html's module script and modulepreload links plus
 *   the static `import` statements of those chunks. Lazy routes (dynamic `import()`) are not initial.
 * - compares the initial JS gzip size with the 100 kB target (kB = 1000 bytes, as Vite prints), and checks
 *   that the build emitted no source map and wrote brotli and gzip variants of the initial JS;
 * - then (unless `--no-browser`) loads /waitlist and /app/home cold in Debian's Chromium, unthrottled and
 *   under Slow 4G with 4x CPU slowdown, N times each (default 3), and reports the median LCP and the
 *   bytes transferred (ui-pageload.ts says exactly how); `--verbose` lists each median run's requests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { printReport, type Row, type Target } from './report.ts';
import { CPU_SLOWDOWN, measurePageLoads, SLOW_4G, type PageLoadResult } from './ui-pageload.ts';

const ROOT = path.join(import.meta.dirname, '..', '..');
const DIST = path.join(ROOT, 'frontend', 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
export const INITIAL_JS_TARGET_BYTES = 100_000;
/** LCP targets under Slow 4G + 4x CPU (issue 13, item 14). */
const LCP_TARGET_MS: Record<string, number> = { '/waitlist': 2500, '/app/home (signed in)': 3000 };

export interface Asset {
  /** Path inside dist, e.g. `assets/index-abc.js`. */
  file: string;
  raw: number;
  gzip: number;
  /** What a brotli client is sent: the build's `.br` beside the file, else the file itself. */
  br: number;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(2)} kB`;

export function gzipSize(content: Buffer): number {
  return gzipSync(content, { level: 9 }).length;
}

/** Every .js and .css file under dist/assets with its sizes, largest gzip first. */
export function listAssets(dist: string): Asset[] {
  const dir = path.join(dist, 'assets');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
    .map((name) => {
      const content = readFileSync(path.join(dir, name));
      const br = path.join(dir, `${name}.br`);
      return { file: `assets/${name}`, raw: content.length, gzip: gzipSize(content), br: existsSync(br) ? statSync(br).size : content.length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** Every file under `dir`, relative, dot folders included. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The entry chunk and its static imports, transitively, from a Vite manifest. */
export function initialFromManifest(manifest: Record<string, ManifestChunk>): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return { js: [...js], css: [...css] };
}

/** Static import specifiers of a built ES module (`import … from "x"`, `import "x"`, `export … from "x"`); not `import("x")`. */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The initial assets from index.html (module scripts, modulepreload and stylesheet links) and the static imports of those chunks. */
export function initialFromHtml(html: string, readChunk: (file: string) => string | undefined): { js: string[]; css: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
  const toFile = (href: string) => href.replace(/^\//, '');
  const js = new Set<string>();
  const css = new Set<string>();
  const queue: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type') === 'module') queue.push(toFile(src));
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') queue.push(toFile(href));
    if (rel === 'stylesheet') css.add(toFile(href));
  }
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (js.has(file)) continue;
    js.add(file);
    const code = readChunk(file);
    if (code === undefined) continue;
    for (const specifier of staticImports(code)) {
      if ((!specifier.startsWith('.') && !specifier.startsWith('/')) || !specifier.endsWith('.js')) continue;
      const resolved = specifier.startsWith('/') ? toFile(specifier) : path.posix.join(path.posix.dirname(file), specifier);
      queue.push(resolved);
    }
  }
  return { js: [...js], css: [...css] };
}

function build(force: boolean): boolean {
  const result = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', 'scripts/build-ui-if-needed.ts', ...(force ? ['--force'] : [])], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return result.status === 0;
}

function printAssets(assets: readonly Asset[], initial: ReadonlySet<string>): void {
  const rows = assets.map((asset) => ({
    file: asset.file,
    raw: kB(asset.raw),
    gzip: kB(asset.gzip),
    load: initial.has(asset.file) ? 'initial' : asset.file.endsWith('.css') ? 'lazy css' : 'lazy',
  }));
  const width = {
    file: Math.max(5, ...rows.map((r) => r.file.length)),
    raw: Math.max(3, ...rows.map((r) => r.raw.length)),
    gzip: Math.max(4, ...rows.map((r) => r.gzip.length)),
    load: Math.max(4, ...rows.map((r) => r.load.length)),
  };
  const line = (f: string, r: string, g: string, l: string) =>
    `| ${f.padEnd(width.file)} | ${r.padStart(width.raw)} | ${g.padStart(width.gzip)} | ${l.padEnd(width.load)} |`;
  console.log('\nBuilt UI assets (frontend/dist), largest gzip first\n');
  console.log(line('asset', 'raw', 'gzip', 'load'));
  console.log(`|${'-'.repeat(width.file + 2)}|${'-'.repeat(width.raw + 1)}:|${'-'.repeat(width.gzip + 1)}:|${'-'.repeat(width.load + 2)}|`);
  for (const row of rows) console.log(line(row.file, row.raw, row.gzip, row.load));
}

export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: { 'no-build': { type: 'boolean' }, force: { type: 'boolean' }, 'no-browser': { type: 'boolean' }, verbose: { type: 'boolean' }, runs: { type: 'string', default: '3' } },
  });
  if (!values['no-build'] && !build(values.force === true)) {
    console.error('ui bench: the UI build failed (see above).');
    return false;
  }
  const indexHtml = path.join(DIST, 'index.html');
  if (!existsSync(indexHtml)) {
    console.error(`ui bench: ${indexHtml} is missing; build the UI (npm run build -w @crossfeed/frontend).`);
    return false;
  }

  const assets = listAssets(DIST);
  const byFile = new Map(assets.map((asset) => [asset.file, asset]));
  let source: string;
  let initial: { js: string[]; css: string[] };
  if (existsSync(MANIFEST)) {
    source = 'Vite manifest (dist/.vite/manifest.json)';
    initial = initialFromManifest(JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>);
  } else {
    source = 'index.html script/modulepreload tags + static imports (no Vite manifest: set build.manifest = true in frontend/vite.config.ts to use it)';
    initial = initialFromHtml(readFileSync(indexHtml, 'utf8'), (file) => {
      const full = path.join(DIST, file);
      return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
    });
  }

  const missing = [...initial.js, ...initial.css].filter((file) => !byFile.has(file));
  if (missing.length > 0) {
    console.error(`ui bench: initial assets not found in dist/assets: ${missing.join(', ')}`);
    return false;
  }
  const sum = (files: readonly string[], key: 'raw' | 'gzip' | 'br') => files.reduce((total, file) => total + byFile.get(file)![key], 0);
  const initialSet = new Set([...initial.js, ...initial.css]);
  printAssets(assets, initialSet);

  const js = assets.filter((asset) => asset.file.endsWith('.js'));
  const css = assets.filter((asset) => asset.file.endsWith('.css'));
  const lazyJs = js.filter((asset) => !initialSet.has(asset.file));
  const initialJsGzip = sum(initial.js, 'gzip');
  const largestLazy = lazyJs[0];

  console.log(`\nInitial JS (${source}):\n  ${initial.js.join('\n  ')}`);
  if (initial.css.length) console.log(`Initial CSS:\n  ${initial.css.join('\n  ')}`);

  const maps = listFiles(DIST).filter((file) => file.endsWith('.map'));
  // Files under 1 KB are left uncompressed on purpose (scripts/precompress.ts).
  const unvariant = initial.js.filter((file) => byFile.get(file)!.raw >= 1024).filter((file) => !existsSync(path.join(DIST, `${file}.br`)) || !existsSync(path.join(DIST, `${file}.gz`)));
  const rows: Row[] = [
    { measure: 'initial JS gzip (entry + static imports)', value: kB(initialJsGzip), baseline: kB(INITIAL_JS_TARGET_BYTES), ratio: initialJsGzip / INITIAL_JS_TARGET_BYTES },
    { measure: 'initial JS brotli (as served, .br files)', value: kB(sum(initial.js, 'br')) },
    { measure: 'initial JS raw', value: kB(sum(initial.js, 'raw')) },
    { measure: 'initial CSS gzip', value: kB(sum(initial.css, 'gzip')) },
    { measure: `all JS gzip (${js.length} files)`, value: kB(js.reduce((t, a) => t + a.gzip, 0)) },
    { measure: `all CSS gzip (${css.length} files)`, value: kB(css.reduce((t, a) => t + a.gzip, 0)) },
    { measure: `lazy JS gzip (${lazyJs.length} chunks)`, value: kB(lazyJs.reduce((t, a) => t + a.gzip, 0)) },
    ...(largestLazy ? [{ measure: `largest lazy chunk (${largestLazy.file})`, value: kB(largestLazy.gzip) }] : []),
  ];
  const targets: Target[] = [
    { label: `initial JS gzip ${kB(initialJsGzip)} <= ${kB(INITIAL_JS_TARGET_BYTES)} (ratio ${(initialJsGzip / INITIAL_JS_TARGET_BYTES).toFixed(2)})`, met: initialJsGzip <= INITIAL_JS_TARGET_BYTES },
    { label: `no source map in the build (${maps.length ? maps.join(', ') : 'none'})`, met: maps.length === 0 },
    { label: `initial JS precompressed (.br and .gz)${unvariant.length ? `: missing for ${unvariant.join(', ')}` : ''}`, met: unvariant.length === 0 },
  ];

  if (!values['no-browser']) {
    const runs = Number(values.runs);
    const results = await measurePageLoads(Number.isInteger(runs) && runs > 0 ? runs : 3);
    printLoads(results, values.verbose === true);
    for (const result of results) {
      const { median } = result;
      const how = result.throttled ? 'Slow 4G + 4x CPU' : 'unthrottled';
      rows.push({ measure: `${result.target} LCP, ${how} (median of ${result.runs.length})`, value: `${(median.lcpMs / 1000).toFixed(2)} s` });
      rows.push({ measure: `${result.target} bytes transferred, ${how}`, value: `${kB(median.bytes)} in ${median.requests} requests` });
      const target = LCP_TARGET_MS[result.target];
      if (result.throttled && target !== undefined) {
        targets.push({ label: `${result.target} LCP under Slow 4G + 4x CPU ${(median.lcpMs / 1000).toFixed(2)} s <= ${(target / 1000).toFixed(1)} s`, met: median.lcpMs <= target });
      }
    }
  }

  return printReport('UI bundle (gzip level 9; kB = 1000 bytes) and page loads', rows, targets);
}

function printLoads(results: readonly PageLoadResult[], verbose: boolean): void {
  console.log(
    `\nCold page loads (Chromium ${'390x844'}); throttled = latency ${SLOW_4G.latency} ms, down ${Math.round(SLOW_4G.downloadThroughput)} B/s, ` +
      `up ${Math.round(SLOW_4G.uploadThroughput)} B/s, CPU ${CPU_SLOWDOWN}x\n`,
  );
  console.log('| page | throttled | LCP (s) per run | content in DOM (s) | bytes | LCP element (median run) |');
  console.log('|---|---|---|---|---:|---|');
  for (const result of results) {
    const secs = (ms: number) => (ms / 1000).toFixed(2);
    console.log(
      `| ${result.target} | ${result.throttled ? 'yes' : 'no'} | ${result.runs.map((r) => secs(r.lcpMs)).join(', ')} | ` +
        `${result.runs.map((r) => secs(r.contentMs)).join(', ')} | ${kB(result.median.bytes)} | ${result.median.lcpElement} |`,
    );
  }
  if (!verbose) return;
  for (const result of results) {
    console.log(`\n${result.target}, ${result.throttled ? 'throttled' : 'unthrottled'} (median run): requests, ms from the document request`);
    for (const request of [...result.median.timeline].sort((a, b) => a.sentMs - b.sentMs)) {
      console.log(`  ${request.sentMs.toFixed(0).padStart(6)} -> ${request.doneMs.toFixed(0).padStart(6)}  ${kB(request.bytes).padStart(10)}  ${request.path}`);
    }
  }
}

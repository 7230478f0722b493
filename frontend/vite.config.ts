import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from '../scripts/precompress.ts';
import { prerenderPages } from '../scripts/prerender.ts';
import { routePreloads, type BuiltChunk } from '../scripts/route-preloads.ts';
import { earlyReadsScript } from './src/lib/early-reads.ts';

const API_ORIGIN = process.env.CROSSFEED_API_ORIGIN ?? 'http://localhost:3000';

// First path segments served by the API (SPEC.md section 7; keep in step with
// backend/src/http/api-paths.ts). Matched as whole segments so that SPA routes such as /contact or
// /admin-report are not sent to the API by `/contacts` or `/admin`.
const API_SEGMENTS = [
  'auth',
  'profiles',
  'search',
  'api',
  'content',
  'contacts',
  'analytics',
  'links',
  'conversions',
  'flags',
  'admin',
  'notifications',
  'audience',
  'health',
  'simulated-checkout',
  'simulated-portal',
  'workspace',
  'track',
  'schedules',
];

/**
 * Writes `.br` and `.gz` beside every text file of the build (scripts/precompress.ts), once everything,
 * the public folder included, is in the output folder; the server sends them by Accept-Encoding.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'crossfeed-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { compressed, bytes } = await precompressDir(outDir);
      const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      this.info(`precompressed ${compressed.length} files: ${kB(bytes.original)} -> br ${kB(bytes.br)}, gzip ${kB(bytes.gzip)}`);
    },
  };
}

/** Writes `route-preloads.json`: each page's chunks beyond the entry, for the server's preload hints. */
function routePreloadHints(): Plugin {
  return {
    name: 'crossfeed-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Extract<typeof output, { type: 'chunk' }> => output.type === 'chunk') as unknown as BuiltChunk[];
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(routePreloads(chunks), null, 2) });
    },
  };
}

/**
 * Writes `prerendered.json`: the markup of the public pages a first-time visitor sees (scripts/prerender.ts),
 * which the server puts into those pages' `index.html`. Before precompression, which waits for it.
 */
function prerenderedPages(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'crossfeed-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const pages = await prerenderPages(root);
        writeFileSync(path.join(outDir, 'prerendered.json'), JSON.stringify(pages));
        this.info(`prerendered ${Object.keys(pages).join(', ')}`);
      },
    },
  };
}

/** Where the server puts a page's own preload hints in index.html (backend/src/http/static-ui.ts). */
const PAGE_HINTS_MARKER = '<!--page-hints-->';

/**
 * The early reads' inline script (src/lib/early-reads.ts), allowed by its hash (static-ui.ts). The head ends
 * with: the app's script and preloads, the page's own preloads (PAGE_HINTS_MARKER), this script, then the
 * stylesheets. So the browser asks for the scripts first, and the inline script runs at once: a script after
 * a stylesheet would wait for it to load.
 */
function earlyReads(): Plugin {
  return {
    name: 'crossfeed-early-reads',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        let out = html;
        for (const link of stylesheets) out = out.replace(link, '');
        const tail = `${PAGE_HINTS_MARKER}\n    <script>${earlyReadsScript()}</script>\n    ${stylesheets.map((link) => link.trim()).join('\n    ')}\n  </head>`;
        return out.replace(/\s*<\/head>/, `\n    ${tail}`);
      },
    },
  };
}

/**
 * Two sets found once the module graph is complete, for the chunk groups below:
 * - `initialModules`: the modules the entry chunk loads statically, so that no group takes one of them out
 *   of the entry chunk;
 * - `queryModules`: the query library (TanStack Query, src/lib/query) and every module of ours that imports
 *   it, directly or through others, so that they share a `query` chunk instead of making the `shared` chunk
 *   import the library: the public pages (the waitlist, pricing, sign-up) read nothing through the cache
 *   and so never download it.
 */
const initialModules = new Set<string>();
const queryModules = new Set<string>();
function findChunkGroups(): Plugin {
  return {
    name: 'crossfeed-chunk-groups',
    apply: 'build',
    buildEnd() {
      initialModules.clear();
      queryModules.clear();
      const ids = [...this.getModuleIds()];
      const queue = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (initialModules.has(id)) continue;
        initialModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      const importers = new Map<string, string[]>();
      for (const id of ids) {
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          importers.set(imported, [...(importers.get(imported) ?? []), id]);
        }
      }
      const pending = ids.filter((id) => /[\\/]@tanstack[\\/]/.test(id) && !initialModules.has(id));
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (queryModules.has(id) || initialModules.has(id)) continue;
        queryModules.add(id);
        pending.push(...(importers.get(id) ?? []));
      }
    },
  };
}

export default defineConfig({
  plugins: [findChunkGroups(), react(), earlyReads(), routePreloadHints(), prerenderedPages(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps: they would give the sources away, and production serves none.
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks the entry loads (`npm run bench -- ui` reads it).
    manifest: true,
    // Every browser the app supports preloads modules itself (Chromium, Firefox 115+, Safari 17+); the
    // polyfill only made older ones fetch the preloads early, at a kilobyte of the entry chunk for everyone.
    modulePreload: { polyfill: false },
    // Few files per page: on a slow network each file waits for its own round trip, six at a time over
    // HTTP/1.1 (docs/performance.md). One stylesheet for every page (12 kB gzip) instead of one per chunk.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Our modules (the UI's, and the domain rules it shares) that two or more lazy chunks use go into
          // one `shared` chunk, instead of a dozen chunks of a few hundred bytes each. Not their
          // dependencies: some are in the entry chunk, and the rest are libraries loaded on their own.
          groups: [
            {
              name: 'query',
              test: (id: string) => queryModules.has(id),
              minShareCount: 2,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'shared',
              test: (id: string) => /[\\/](frontend|domain)[\\/]src[\\/]/.test(id) && !initialModules.has(id) && !queryModules.has(id),
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      [`^/(${API_SEGMENTS.join('|')})(/|\\?|$)`]: { target: API_ORIGIN, changeOrigin: true },
      '/socket.io': { target: API_ORIGIN, ws: true, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
});

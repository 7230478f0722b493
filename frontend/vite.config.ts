import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from '../scripts/precompress.ts';
import { routePreloads, type BuiltChunk } from '../scripts/route-preloads.ts';

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

export default defineConfig({
  plugins: [react(), routePreloadHints(), precompress()],
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

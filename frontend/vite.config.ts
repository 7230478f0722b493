import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  'schedules',
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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

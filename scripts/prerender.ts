/**
 * Prerendered public pages: at build time, the markup each page in PRERENDERED_PAGES shows a first-time
 * visitor (signed out, nothing stored, no query string), so that the server can send it inside the page's
 * `index.html` and the browser paints it before the app's JavaScript has arrived; the app then hydrates it
 * (frontend/src/main.tsx). Written by the UI build as `dist/prerendered.json`; read by
 * backend/src/http/static-ui.ts.
 *
 * The app is built once more for Node (Vite's SSR build of frontend/src/app/prerender.tsx, into
 * node_modules/.cache) and rendered with react-dom/static's `prerender`, which waits for the lazy page.
 */
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Public pages whose first view is the same for every first-time visitor (no account, no API answer). */
export const PRERENDERED_PAGES: readonly string[] = ['/waitlist'];

export type PrerenderedPage = {
  /** The page's `<title>` text, for the head (React renders it first, as a hoistable element). */
  title: string | null;
  /** The markup inside `<div id="root">`. */
  html: string;
};
export type PrerenderedPages = Record<string, PrerenderedPage>;

/** Splits React's output into the leading `<title>` and the rest; refuses markup with a script in it. */
export function splitPrerendered(markup: string): PrerenderedPage {
  if (/<script\b/i.test(markup)) throw new Error('prerendered markup must not contain a <script>');
  const title = /^<title>([^<]*)<\/title>/.exec(markup);
  return title ? { title: title[1]!, html: markup.slice(title[0].length) } : { title: null, html: markup };
}

/** Builds frontend/src/app/prerender.tsx for Node and renders each page. */
export async function prerenderPages(frontendRoot: string, pages: readonly string[] = PRERENDERED_PAGES): Promise<PrerenderedPages> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  // Under node_modules so that the built module finds react, react-dom and react-router as installed.
  const cache = path.join(frontendRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(path.join(cache, 'prerender-'));
  try {
    await build({
      root: frontendRoot,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias: { '@': path.join(frontendRoot, 'src') } },
      build: { ssr: 'src/app/prerender.tsx', outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
    });
    const module = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as { prerenderPage: (location: string) => Promise<string> };
    const out: PrerenderedPages = {};
    for (const page of pages) out[page] = splitPrerendered(await module.prerenderPage(page));
    return out;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

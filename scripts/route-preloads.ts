/**
 * Which built files each page needs beyond the entry chunk, so that the server can name them in the
 * `index.html` it sends for that page (`<link rel="modulepreload">`, `<link rel="preload" as="style">`).
 * Without the hints the browser learns of a page's chunk only after the entry chunk has downloaded and run:
 * one more round trip per level on a slow network. Written by the UI build as `dist/route-preloads.json`;
 * read by backend/src/http/static-ui.ts.
 */

/** Pages (their paths) → the lazy route modules they render, outermost first (src/app/router.tsx). */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/app/routes/waitlist.tsx'],
  '/waitlist': ['src/app/routes/waitlist.tsx'],
  '/pricing': ['src/app/routes/pricing.tsx'],
  '/about': ['src/app/routes/about.tsx'],
  '/contact': ['src/app/routes/contact.tsx'],
  '/terms': ['src/app/routes/terms.tsx'],
  '/login': ['src/app/routes/auth/login.tsx'],
  '/signup': ['src/app/routes/auth/signup.tsx'],
  '/forgot-password': ['src/app/routes/auth/forgot-password.tsx'],
  '/reset-password': ['src/app/routes/auth/reset-password.tsx'],
  '/app/home': ['src/app/routes/app/root.tsx', 'src/app/routes/app/home.tsx'],
  '/app/profile-builder': ['src/app/routes/app/root.tsx', 'src/app/routes/app/profile-builder.tsx'],
  '/app/audience-insights': ['src/app/routes/app/root.tsx', 'src/app/routes/app/audience-insights.tsx'],
};

export type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

/** The part of a built chunk this needs (Rollup/Rolldown `OutputChunk`). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

/**
 * For each page: its route chunks and their static imports, minus what the entry chunk already loads
 * (index.html names those), with the CSS they import. Paths are absolute URLs (`/assets/...`).
 */
export function routePreloads(chunks: readonly BuiltChunk[], routes: Readonly<Record<string, readonly string[]>> = ROUTE_MODULES): RoutePreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: readonly string[]): string[] => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !byFile.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)!.imports) visit(next);
    };
    start.forEach(visit);
    return [...seen];
  };
  const initial = new Set(closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)));
  const out: RoutePreloads = {};
  for (const [page, modules] of Object.entries(routes)) {
    const starts = modules
      .map((module) => chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`))?.fileName)
      .filter((file): file is string => file !== undefined);
    if (starts.length !== modules.length) continue;
    const js = closure(starts).filter((file) => !initial.has(file));
    const css = [...new Set(js.flatMap((file) => [...(byFile.get(file)!.viteMetadata?.importedCss ?? [])]))];
    out[page] = { js: js.map((file) => `/${file}`), css: css.map((file) => `/${file}`) };
  }
  return out;
}

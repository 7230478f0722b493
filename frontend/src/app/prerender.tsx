import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppFrame, AppPages } from './app';

/**
 * The markup of a public page as a first-time visitor sees it before any script has run (signed out, nothing
 * stored, no query string). The UI build runs this in Node (scripts/prerender.ts) and the server puts the
 * markup into the `index.html` it sends for that page; main.tsx then hydrates it. The tree is the browser's
 * (app.tsx) with a static router in place of the browser one.
 */
export async function prerenderPage(location: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <AppFrame>
        <StaticRouter location={location}>
          <AppPages />
        </StaticRouter>
      </AppFrame>
    </StrictMode>,
    // Every boundary inline, as the browser renders it: React would otherwise send a large one after a
    // fallback, to be swapped in by an inline script (which the page's Content-Security-Policy forbids).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

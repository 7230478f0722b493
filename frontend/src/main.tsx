import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadPages } from '@/app/router';
import { configureApi } from '@/lib/api-client';
import { apiSession } from '@/stores/api-session';
import { useAppStore } from '@/stores/app-store';
import './styles.css';

// Before anything can call the API: the client reads the token from, and logs out through, the store.
configureApi(apiSession);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The page being opened is loaded first (its chunks are already downloading, named by index.html), so the
// first render shows it rather than the page loader.
void preloadPages(window.location.pathname).then(() => {
  // A public page can arrive prerendered (scripts/prerender.ts): its markup as a first-time visitor sees
  // it, shown before any script has run. It is hydrated when this visit is that one (signed out, no query
  // string); otherwise the app renders as usual and replaces it.
  const prerendered = container.firstElementChild !== null;
  if (prerendered && window.location.search === '' && useAppStore.getState().token === null) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});

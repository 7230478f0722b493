import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { configureApi } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { loadToasts } from '@/lib/toast';
import { apiSession } from '@/stores/api-session';
import { resetAppStoreForTests } from './reset-app-store';

// jsdom has no scrolling; the layout's ScrollToTop calls it on every navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

// As main.tsx does: the API client reads the token from, and logs out through, the store.
configureApi(apiSession);

// The app loads react-toastify after the page; tests have it from the start, so a toast shows at once.
await loadToasts();

// `globals` is off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  resetAppStoreForTests();
  queryClient.clear();
});

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadToasts } from '@/lib/toast';
import { resetAppStoreForTests } from './reset-app-store';

// jsdom has no scrolling; the layout's ScrollToTop calls it on every navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

// The app loads react-toastify after the page; tests have it from the start, so a toast shows at once.
await loadToasts();

// `globals` is off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  resetAppStoreForTests();
});

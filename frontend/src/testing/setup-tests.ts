import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetAppStoreForTests } from './reset-app-store';

// jsdom has no scrolling; the layout's ScrollRestoration calls it on every navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

// `globals` is off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  resetAppStoreForTests();
});

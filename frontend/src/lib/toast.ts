import type * as Toastify from 'react-toastify';
import type { Id, ToastContent, ToastOptions } from 'react-toastify';

/**
 * The app's toasts: react-toastify, loaded once the page has shown (or at the first toast) instead of with
 * the code of every page (6.6 kB gzip, and one more file to wait for on a slow network; docs/performance.md).
 * The whole app toasts through `toast` here; a toast asked for before the library has arrived is shown as
 * soon as it has, in order. Only the container (components/toasts/app-toasts.tsx) uses the library itself.
 */
type ToastifyModule = typeof Toastify;
type Show = (content: ToastContent, options?: ToastOptions) => void;

let loaded: ToastifyModule | null = null;
let loading: Promise<ToastifyModule> | null = null;
const waiting: ((module: ToastifyModule) => void)[] = [];
const listeners = new Set<() => void>();

/** Loads react-toastify once; the toasts asked for meanwhile are shown in order. */
export function loadToasts(): Promise<ToastifyModule> {
  loading ??= import('react-toastify').then(
    (module) => {
      loaded = module;
      for (const show of waiting.splice(0)) show(module);
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The library once it has loaded (null before): the toast container renders from it. */
export const loadedToasts = (): ToastifyModule | null => loaded;

/** Called once the library has loaded. */
export function onToastsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function later(show: (module: ToastifyModule) => void): void {
  if (loaded) {
    show(loaded);
    return;
  }
  waiting.push(show);
  loadToasts().catch((error: unknown) => console.warn('Toasts are unavailable until the page is reloaded.', error));
}

const kind =
  (name: 'success' | 'error' | 'info' | 'warning'): Show =>
  (content, options) =>
    // Looked up when shown, so a test's spy on react-toastify's `toast.error` sees the call.
    later((module) => {
      if (options === undefined) module.toast[name](content);
      else module.toast[name](content, options);
    });

/** How long after a session ended (a 401) failure toasts are not shown: those calls failed with it. */
export const SESSION_END_QUIET_MS = 3000;
let sessionEndedAt = Number.NEGATIVE_INFINITY;

/**
 * The session just ended (the API answered 401 and the app logged out): the calls still in flight with it
 * fail too, and their "Failed to fetch ..." toasts would only bury the one that matters ('Session
 * expired. Please log in again.', a warning). Error toasts asked for in the next moments are dropped.
 */
export function markSessionEnded(now = Date.now()): void {
  sessionEndedAt = now;
}

/** A new session (login): errors are shown again at once. */
export function clearSessionEnded(): void {
  sessionEndedAt = Number.NEGATIVE_INFINITY;
}

const showError = kind('error');

export const toast = {
  success: kind('success'),
  error: ((content, options) => {
    if (Date.now() - sessionEndedAt < SESSION_END_QUIET_MS) return;
    showError(content, options);
  }) as Show,
  info: kind('info'),
  warning: kind('warning'),
  dismiss: (id?: Id) => later((module) => module.toast.dismiss(id)),
};

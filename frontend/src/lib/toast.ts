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

export const toast = {
  success: kind('success'),
  error: kind('error'),
  info: kind('info'),
  warning: kind('warning'),
  dismiss: (id?: Id) => later((module) => module.toast.dismiss(id)),
};

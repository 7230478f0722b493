import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { loadedToasts, loadToasts, onToastsLoaded } from '@/lib/toast';
import { whenPageIdle } from '@/lib/when-page-idle';

/** Phones: the bottom bar layout (styles.css uses the same width). */
export const PHONE_QUERY = '(max-width: 640px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * The app's toasts. SPEC §9 defaults, top-right and 5000 ms (Alt+T focuses them, the library default), under
 * the sticky navbar rather than over its buttons; on a phone at the bottom, above the bottom bar, where they
 * cover neither the navbar nor what the page shows first (the waitlist position card). styles.css places them.
 * react-toastify arrives once the page has loaded and the browser is idle, or at the first toast (lib/toast.ts).
 * An open dialog keeps clear of them (toast-room.ts): its controls are never under a toast.
 */
export function AppToasts() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  const [toastify, setToastify] = useState(loadedToasts);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const stop = onToastsLoaded(() => setToastify(loadedToasts));
    const cancel = whenPageIdle(() => {
      loadToasts().catch((error: unknown) => console.warn('Toasts are unavailable until the page is reloaded.', error));
    });
    setToastify(loadedToasts);
    return () => {
      stop();
      cancel();
    };
  }, []);
  const loaded = toastify !== null;
  // Loaded with the toasts, not with the first page (docs/performance.md).
  useEffect(() => {
    const element = root.current;
    if (!loaded || !element) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    import('./toast-room').then(
      ({ keepDialogsClearOfToasts }) => {
        if (!cancelled) stop = keepDialogsClearOfToasts(element);
      },
      (error: unknown) => console.warn('Dialogs may be covered by toasts until the page is reloaded.', error),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [loaded]);
  if (!toastify) return null;
  const { ToastContainer } = toastify;
  // A phone shows two at a time (the rest wait their turn) so toasts never cover most of the screen.
  return (
    <div ref={root} className="app-toasts-root">
      <ToastContainer className="app-toasts" position={phone ? 'bottom-center' : 'top-right'} autoClose={5000} limit={phone ? 2 : undefined} />
    </div>
  );
}

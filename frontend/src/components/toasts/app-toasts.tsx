import { useSyncExternalStore } from 'react';
import { ToastContainer } from 'react-toastify';

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
 */
export function AppToasts() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  // A phone shows two at a time (the rest wait their turn) so toasts never cover most of the screen.
  return <ToastContainer className="app-toasts" position={phone ? 'bottom-center' : 'top-right'} autoClose={5000} limit={phone ? 2 : undefined} />;
}

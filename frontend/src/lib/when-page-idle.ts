/** Longest wait for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the page has loaded (its scripts, styles and images) and the browser is idle, so that
 * work no page needs to show (live updates, the toast library) does not compete with showing it. Returns
 * the function that cancels it.
 */
export function whenPageIdle(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const onIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(task, 0);
      cancelIdle = () => window.clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') onIdle();
  else window.addEventListener('load', onIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', onIdle);
    cancelIdle();
  };
}

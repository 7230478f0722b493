/** How long a step waits for its target to be rendered before the tour moves past it. */
export const TARGET_WAIT_MS = 1000;
const POLL_MS = 100;

/**
 * Resolves as soon as `selector` matches an element, shown or hidden, or after `timeout` ms. It never
 * rejects: the tour then checks visibility itself and moves past a step whose target is missing or hidden
 * (the small-screen workspace shows one step at a time), so a hidden target costs no waiting at all.
 */
export function waitForTarget(selector: string, timeout = TARGET_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (document.querySelector(selector)) {
      resolve();
      return;
    }
    const startedAt = Date.now();
    const timer = setInterval(() => {
      if (document.querySelector(selector) || Date.now() - startedAt >= timeout) {
        clearInterval(timer);
        resolve();
      }
    }, POLL_MS);
  });
}

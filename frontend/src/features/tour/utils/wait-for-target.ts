import { isHidden, requestReveal } from '@/lib/reveal';

/**
 * How long a step waits for its target to be rendered (and, once revealed, shown) before the tour moves past it.
 * A busy two-core machine took more than a second to render a sidebar entry once, and the tour skipped its step;
 * the wait only ever costs time when a target never comes.
 */
export const TARGET_WAIT_MS = 3000;
const POLL_MS = 100;

/**
 * Resolves once `selector` matches an element the tour can point at, or after `timeout` ms; it never rejects.
 * A target that is on the page but hidden is asked to be revealed (the small-screen workspace then shows the
 * step holding it, so every step of the tour shows on a phone too), and the wait goes on until it shows. A
 * hidden target nothing reveals costs no waiting: the tour checks visibility itself and moves past it.
 */
export function waitForTarget(selector: string, timeout = TARGET_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    let revealing = false;
    /** True when there is nothing more to wait for. */
    const ready = (): boolean => {
      const target = document.querySelector(selector);
      if (!target) return false;
      if (!isHidden(target)) return true;
      if (revealing) return false;
      revealing = requestReveal(target);
      return !revealing;
    };
    if (ready()) {
      resolve();
      return;
    }
    const timer = setInterval(() => {
      if (ready() || Date.now() - startedAt >= timeout) {
        clearInterval(timer);
        resolve();
      }
    }, POLL_MS);
  });
}

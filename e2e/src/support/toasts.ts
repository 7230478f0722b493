/** The app's toasts as journeys count and clear them. */
import type { Page } from 'playwright-core';
import { waitFor } from './wait.ts';

/** The toasts on the screen (react-toastify: one `.Toastify__toast` each, in the app's container). */
export const toasts = (page: Page) => page.locator('.app-toasts .Toastify__toast');

/**
 * Closes the toasts on the screen, so the next action's toasts can be counted. They pause while the page has
 * no focus (react-toastify's pauseOnFocusLoss), which a headless page never has, so they stay until closed.
 */
export async function closeToasts(page: Page): Promise<void> {
  for (const close of await toasts(page).getByRole('button', { name: 'close' }).all()) await close.click().catch(() => undefined);
  await waitFor(async () => (await toasts(page).count()) === 0, { what: 'no toast on the screen' });
}

/** The toasts an action gave, once no more arrive (the count holds for a second). */
export async function settledToastCount(page: Page): Promise<number> {
  let last = -1;
  let since = Date.now();
  return waitFor(
    async () => {
      const count = await toasts(page).count();
      if (count !== last) {
        last = count;
        since = Date.now();
      }
      return Date.now() - since >= 1000 ? count : undefined;
    },
    { what: 'the toasts to settle', intervalMs: 100 },
  );
}

/** Steps in the home workspace (SPEC §2 Home workspace) shared by the journeys. */
import type { Locator, Page } from 'playwright-core';
import { attributeIs, message, visible } from './browser.ts';

/** The sidebar's Notifications entry; its accessible name carries ", N unread" while there are unread ones. */
export const notificationsEntry = (page: Page): Locator => page.getByRole('button', { name: /^Notifications/ });

/** The unread count the sidebar announces (0 without a badge). */
export async function unreadCount(page: Page): Promise<number> {
  const name = (await notificationsEntry(page).first().textContent()) ?? '';
  const count = /(\d+) unread/.exec(name);
  return count ? Number(count[1]) : 0;
}

/** Selects a matched item (step 1) by its title. */
export async function selectMatch(page: Page, title: string): Promise<void> {
  await toggleOn(await visible(selectButton(page.getByRole('list', { name: 'Matched content' }), title)));
}

/** A card's select button ('Select {title}', aria-pressed), in a workspace list. */
export const selectButton = (list: Locator, title: string): Locator => list.getByRole('button', { name: `Select ${title}`, exact: true });

/** Items toggle on click, Space or Enter (SPEC §2); the keyboard path is Space on the card's select button. */
export async function toggleOn(select: Locator): Promise<void> {
  if ((await select.getAttribute('aria-pressed')) !== 'true') await select.press('Space');
  await attributeIs(select, 'aria-pressed', 'true');
}

/** Selects one of the user's own items (step 2) by its title. */
export async function selectOwnContent(page: Page, title: string): Promise<void> {
  await toggleOn(await visible(selectButton(page.getByRole('list', { name: 'Your content' }), title)));
}

/** Step 3: Share a selected match with one contact, through the Share content modal. */
export async function shareMatch(page: Page, title: string, contactName: string): Promise<void> {
  await page.getByRole('button', { name: `Share ${title}` }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Share content' }));
  await dialog.getByRole('checkbox', { name: new RegExp(contactName) }).check();
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await visible(message(page, 'Content shared successfully!'));
  await dialog.waitFor({ state: 'detached' });
}

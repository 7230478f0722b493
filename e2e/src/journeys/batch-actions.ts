/**
 * Journey 11, on a 390 x 844 phone: a Premium creator ticks two items in Manage Content and pauses them
 * with one click in the selection bar; opens Track conversions and copies the snippet; a conversion
 * reported with that snippet's token (as the creator's site would) counts on the content; in Contacts the
 * creator ticks two contacts and deletes them after one confirmation. Nothing overflows sideways.
 */
import type { Locator, Page } from 'playwright-core';
import { unique, type Api } from '../support/api.ts';
import { loginViaUi, message, visible, type Journey } from '../support/browser.ts';

const PHONE = { width: 390, height: 844 };

/** The dialog is no wider than its box: nothing needs a sideways scroll at 390 px. */
async function fitsWidth(dialog: Locator): Promise<void> {
  const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  if (overflow > 1) throw new Error(`the dialog overflows sideways by ${overflow}px`);
}

async function openManage(page: Page): Promise<Locator> {
  // On a phone one workspace step shows at a time: Manage is on step 2.
  await page.getByRole('navigation', { name: 'Step navigation' }).getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Manage', exact: true }).click();
  return visible(page.getByRole('dialog', { name: 'Manage Content' }));
}

export async function batchActionsJourney(journey: Journey, api: Api): Promise<void> {
  const creator = await api.signUp('e2e-batch', {
    name: 'Bea Batch',
    bio: 'Writes about gardens.',
    categories: ['lifestyle'],
    interests: ['Gardening'],
    content_type: 'article',
  });
  await api.upgradeToPremium(creator);
  const titles = ['Seed saving', 'Compost basics', 'Winter pruning'].map((title) => `${title} ${unique('j11')}`);
  const ids: string[] = [];
  for (const title of titles) {
    ids.push(
      await api.submitContent(creator, {
        title,
        description: 'A short guide.',
        url: `https://example.com/e2e/${encodeURIComponent(title)}`,
        content_type: 'article',
        categories: ['lifestyle'],
      }),
    );
  }
  for (const name of ['Ivy Reader', 'Oak Reader', 'Fern Reader']) await api.addContact(creator, name, `${unique(name.split(' ')[0]!.toLowerCase())}@e2e.example.com`);

  const page = await journey.newPage({ viewport: PHONE, tourDoneFor: [creator.user.id] });
  await loginViaUi(page, creator.username, creator.password);

  // Batch pause from the selection bar.
  const manage = await openManage(page);
  await manage.getByRole('checkbox', { name: `Select ${titles[0]}` }).check();
  await manage.getByRole('checkbox', { name: `Select ${titles[1]}` }).check();
  const toolbar = await visible(manage.getByRole('toolbar', { name: 'Selected contents' }));
  await visible(toolbar.getByText('2 selected', { exact: true }));
  await fitsWidth(manage);
  await toolbar.getByRole('button', { name: 'Pause', exact: true }).click();
  await visible(message(page, '2 items paused.'));
  for (const title of titles.slice(0, 2)) await visible(manage.getByRole('listitem').filter({ hasText: title }).getByText(/Inactive/));

  // Track conversions: the snippet is shown and copyable; its token records a conversion.
  await manage.getByRole('button', { name: `Track conversions of ${titles[2]}` }).click();
  const field = await visible(manage.getByLabel('Tracking snippet'));
  await fitsWidth(manage);
  const snippet = await field.inputValue();
  const token = /token: "([^"]+)"/.exec(snippet)?.[1];
  if (!token) throw new Error(`no token in the snippet: ${snippet.slice(0, 200)}`);
  await manage.getByRole('button', { name: 'Copy snippet' }).click();
  await visible(message(page, 'Snippet copied!'));
  await journey.screenshot(page, '-tracking');
  const reported = await fetch(`${api.baseUrl}/track/conversion`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ token, kind: 'signup', value: 1 }),
  });
  if (reported.status !== 201) throw new Error(`the tracked conversion answered ${reported.status}`);
  const content = await api.call<{ conversions_count: number }>('GET', `/content/${ids[2]}/`, { token: creator.token });
  if (content.conversions_count !== 1) throw new Error(`conversions_count is ${content.conversions_count}, expected 1`);
  await page.keyboard.press('Escape');

  // Batch delete of contacts, after one confirmation.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name: 'Contacts', exact: true }).click();
  const contacts = await visible(page.getByRole('dialog', { name: 'Contacts' }));
  await contacts.getByRole('tab', { name: 'View Contacts' }).click();
  await contacts.getByRole('checkbox', { name: 'Select Ivy Reader' }).check();
  await contacts.getByRole('checkbox', { name: 'Select Oak Reader' }).check();
  await fitsWidth(contacts);
  await contacts.getByRole('toolbar', { name: 'Selected contacts' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = await visible(page.getByRole('dialog', { name: 'Delete contacts' }));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await visible(message(page, '2 contacts deleted.'));
  await visible(contacts.getByText('Fern Reader', { exact: true }));
  if ((await contacts.getByText('Ivy Reader', { exact: true }).count()) !== 0) throw new Error('Ivy Reader is still listed');
  await journey.screenshot(page);
}

/**
 * Journey 16, a share is a person reached (docs/exchange.md). Cara, a new Free creator with five contacts,
 * completes a match with ONE press on her first day: the share modal says it counts 5 of the 5 still
 * needed, the toast says her pending item was released, and her own list shows it Active. One of the people
 * she reached opens the unsubscribe link of the e-mail in the outbox (DATA_DIR/mail) and stops all Crossfeed
 * e-mail; Cara's next share modal then shows that contact disabled with the reason.
 *
 * Accounts, profiles, contacts and submissions are set up over HTTP; the journey is the share modal, the
 * e-mail and the unsubscribe page.
 */
import { readFile } from 'node:fs/promises';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { unique, type Api } from '../support/api.ts';
import { waitFor } from '../support/wait.ts';
import { loginViaUi, message, visible, type Journey } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';
import { selectButton, selectMatch } from '../support/workspace.ts';

const READERS = ['Hana Reader', 'Ivo Reader', 'Jun Reader', 'Kai Reader', 'Lea Reader'];

const content = (title: string) => ({
  title,
  description: 'Notes from the field.',
  url: `https://example.com/e2e/${encodeURIComponent(title)}`,
  content_type: 'article',
  categories: ['business', 'productivity'],
});

const matchedList = (page: Page) => page.getByRole('list', { name: 'Matched content' });

/** Waits (reloading) until the item is in the user's matches: matching runs as a job after the submission. */
async function inMatches(page: Page, title: string): Promise<void> {
  await waitFor(
    async () => {
      if ((await selectButton(matchedList(page), title).count()) > 0) return true;
      await page.reload();
      await matchedList(page).getByRole('listitem').first().waitFor({ timeout: 5_000 }).catch(() => undefined);
      return (await selectButton(matchedList(page), title).count()) > 0;
    },
    { what: `${title} in the matches`, timeoutMs: 30_000, intervalMs: 500 },
  );
}

export async function shareReachJourney(journey: Journey, api: Api): Promise<void> {
  // A category of their own among the journeys, so that these items are among the four matches shown.
  const profile = (name: string) => ({ name, bio: 'Writes about focus at work.', categories: ['business'], interests: ['Productivity'], content_type: 'article' });
  const cara = await api.signUp('e2e-cara', profile('Cara Reach'));
  const otto = await api.signUp('e2e-otto', profile('Otto Owner'));
  const pia = await api.signUp('e2e-pia', profile('Pia Owner'));
  const emails = READERS.map((name) => `${unique(name.split(' ')[0]!.toLowerCase())}@e2e.example.com`);
  for (const [i, name] of READERS.entries()) await api.addContact(cara, name, emails[i]!);

  const ottoTitle = `Otto's river survey ${unique('j16')}`;
  const piaTitle = `Pia's rainfall atlas ${unique('j16')}`;
  const caraQueued = `Cara's queued post ${unique('j16')}`;
  await api.submitContent(otto, content(ottoTitle));
  await api.submitContent(pia, content(piaTitle));
  await api.submitContent(cara, content(`Cara's first post ${unique('j16')}`));
  await api.submitContent(cara, content(caraQueued));

  const page = await journey.newPage({ tourDoneFor: [cara.user.id] });
  await loginViaUi(page, cara.username, cara.password);
  const own = page.getByRole('list', { name: 'Your content' });
  const queuedCard = (await visible(selectButton(own, caraQueued))).locator('xpath=ancestor::li[1]');
  await visible(queuedCard.getByText('Pending', { exact: true }));

  // One press, five people: the modal says before the press what it will count.
  await inMatches(page, ottoTitle);
  await selectMatch(page, ottoTitle);
  await page.getByRole('button', { name: `Share ${ottoTitle}` }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Share content' }));
  await visible(dialog.getByText('This match needs 5 more people.', { exact: false }));
  for (const name of READERS) await dialog.getByRole('checkbox', { name: new RegExp(name) }).check();
  await visible(dialog.getByText('This share counts 5 of the 5 still needed.', { exact: false }));
  await journey.screenshot(page, '-before-press');
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await visible(message(page, 'Content shared successfully!'));
  await visible(page.getByText(`\u201c${caraQueued}\u201d was released to the exchange.`, { exact: false }));
  await dialog.waitFor({ state: 'detached' });
  await visible(queuedCard.getByText('Active', { exact: true }));
  await journey.screenshot(page, '-released');

  // Hana opens the unsubscribe link of her e-mail and stops all Crossfeed e-mail.
  const mail = await waitForMail(journey.app.mailDir, emails[0]!, new RegExp(ottoTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const raw = await readFile(mail.file, 'utf8');
  const unsubscribe = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  assert.ok(unsubscribe, 'the e-mail carries a List-Unsubscribe header');
  assert.ok(mail.text.includes(unsubscribe), 'and the same link in its text');
  const reader = await journey.newPage();
  await reader.goto(unsubscribe);
  await visible(reader.getByRole('button', { name: 'Stop e-mails from Cara Reach' }));
  await reader.getByRole('button', { name: 'Stop all e-mails from Crossfeed' }).click();
  await visible(reader.getByText('You will get no more e-mails from Crossfeed, from anyone.'));
  await journey.screenshot(reader, '-unsubscribed');

  // Cara's next share: Hana is shown disabled, with the reason.
  await inMatches(page, piaTitle);
  await selectMatch(page, piaTitle);
  await page.getByRole('button', { name: `Share ${piaTitle}` }).click();
  const next = await visible(page.getByRole('dialog', { name: 'Share content' }));
  const hana = next.getByRole('checkbox', { name: new RegExp(READERS[0]!) });
  await visible(hana);
  assert.ok(await hana.isDisabled(), 'an unsubscribed contact cannot be chosen');
  await visible(next.getByText('(Unsubscribed)', { exact: false }));
  await journey.screenshot(page, '-unsubscribed-reason');
}

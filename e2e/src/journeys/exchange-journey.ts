/**
 * Journey 8, the exchange (docs/exchange.md): two new creators. Ana's first item goes live at once; her
 * second waits as Pending and is in nobody's matches. Ana completes a match on Ben's item (five delivered
 * shares, each to a contact not yet reached: the share modal shows reached contacts disabled), the share
 * toasts that her queued item was released, and Ben then finds it in his open matches without a reload.
 *
 * Accounts, profiles, contacts and the two submissions are set up over HTTP (Ana is made Premium so five
 * shares fit in one day); the journey is about the workspace, the share modal and the matches.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { unique, type Api } from '../support/api.ts';
import { loginViaUi, message, visible, type Journey } from '../support/browser.ts';
import { waitFor } from '../support/wait.ts';
import { selectButton, selectMatch, shareMatch } from '../support/workspace.ts';

const CONTACTS = ['Cleo Reader', 'Dev Reader', 'Eve Reader', 'Finn Reader', 'Gus Reader'];

const content = (title: string) => ({
  title,
  description: 'Field notes on climate data.',
  url: `https://example.com/e2e/${encodeURIComponent(title)}`,
  content_type: 'article',
  categories: ['science', 'climate'],
});

const matchedList = (page: Page) => page.getByRole('list', { name: 'Matched content' });

export async function exchangeJourney(journey: Journey, api: Api): Promise<void> {
  const profile = (name: string) => ({ name, bio: 'Writes about climate science.', categories: ['science'], interests: ['Climate'], content_type: 'article' });
  const ana = await api.signUp('e2e-ana', profile('Ana Exchange'));
  const ben = await api.signUp('e2e-ben', profile('Ben Exchange'));
  await api.upgradeToPremium(ana);
  for (const name of CONTACTS) await api.addContact(ana, name, `${unique(name.split(' ')[0]!.toLowerCase())}@e2e.example.com`);

  const benTitle = `Ben's glacier notes ${unique('j8')}`;
  const anaFirst = `Ana's first post ${unique('j8')}`;
  const anaQueued = `Ana's queued post ${unique('j8')}`;
  await api.submitContent(ben, content(benTitle));
  await api.submitContent(ana, content(anaFirst));
  await api.submitContent(ana, content(anaQueued));

  // Ana's workspace: the second item waits in the queue and says what releases it.
  const pageA = await journey.newPage({ tourDoneFor: [ana.user.id] });
  await loginViaUi(pageA, ana.username, ana.password);
  const own = pageA.getByRole('list', { name: 'Your content' });
  const queuedCard = (await visible(selectButton(own, anaQueued))).locator('xpath=ancestor::li[1]');
  await visible(queuedCard.getByText('Pending \u2014 released when you complete a match (share a matched item with 5 people)'));

  // Ben's matches hold Ana's first item, never the pending one.
  const pageB = await journey.newPage({ tourDoneFor: [ben.user.id] });
  await loginViaUi(pageB, ben.username, ben.password);
  await visible(selectButton(matchedList(pageB), anaFirst));
  assert.equal(await selectButton(matchedList(pageB), anaQueued).count(), 0, 'a pending item is in nobody\'s matches');

  // Ana shares Ben's item five times, each to a new contact; the modal shows reached contacts disabled.
  await selectMatch(pageA, benTitle);
  for (const [i, name] of CONTACTS.entries()) {
    if (i === 1) {
      await pageA.getByRole('button', { name: `Share ${benTitle}` }).click();
      const dialog = await visible(pageA.getByRole('dialog', { name: 'Share content' }));
      const reached = dialog.getByRole('checkbox', { name: new RegExp(CONTACTS[0]!) });
      await waitFor(async () => await reached.isDisabled(), { what: 'the contact already reached to be disabled' });
      await visible(dialog.getByText('(Already has this content)'));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await shareMatch(pageA, benTitle, name);
    await visible(message(pageA, `Shared with ${name}.`));
  }
  await visible(message(pageA, `\u201c${anaQueued}\u201d was released to the exchange.`));
  await journey.screenshot(pageA, '-released');

  // Ben finds the released item in his open matches without a reload (issue 24 item 4): the matching worker
  // pushes matches:changed once the pools hold it, and his tab fetches its matches again.
  let benReloads = 0;
  pageB.on('load', () => benReloads++);
  await visible(selectButton(matchedList(pageB), anaQueued), 30_000);
  assert.equal(benReloads, 0, "Ben's page did not reload");
  await journey.screenshot(pageB, '-matched');
}

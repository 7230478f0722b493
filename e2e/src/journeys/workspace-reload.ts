/**
 * Journey 8: the workspace is kept on the server. A Free creator B selects another creator's content and
 * their own, shares the match once, and sees "1 / 5 shares"; a second device of B (another browser
 * context) shows the same without a reload (the `workspace:updated` push); after a reload the selection,
 * the match's "1 / 5 shares", the 20 % and "Shares left today: 2 of 3" are all still there.
 * Accounts, profiles, contents and the contact are set up over HTTP: the journey is about the workspace.
 */
import type { Page } from 'playwright-core';
import { unique, type Api } from '../support/api.ts';
import { attributeIs, loginViaUi, visible, type Journey } from '../support/browser.ts';
import { selectButton, selectMatch, selectOwnContent, shareMatch } from '../support/workspace.ts';

const step3 = (page: Page) => page.getByRole('region', { name: /^Step 3:/ });
const queuedMatches = (page: Page) => step3(page).getByRole('list', { name: 'Matched Contents' });

/** Step 3 shows the match with its delivered shares, the own content in the queue, the progress and the shares left. */
async function expectKept(page: Page, match: string, own: string): Promise<void> {
  await visible(queuedMatches(page).getByRole('listitem').filter({ hasText: match }).getByText('1 / 5 shares', { exact: true }));
  await visible(step3(page).getByRole('list', { name: 'Your Queue' }).getByText(own, { exact: true }));
  await attributeIs(step3(page).getByRole('progressbar', { name: 'Sharing progress' }), 'aria-valuenow', '20');
  await visible(step3(page).getByText('Shares left today: 2 of 3', { exact: true }));
}

export async function workspaceReloadJourney(journey: Journey, api: Api): Promise<void> {
  // A's content is in B's profile category and interest, so it tops B's matches.
  const owner = await api.signUp('e2e-kept-owner', {
    name: 'Ola Owner',
    bio: 'Writes about ocean science.',
    categories: ['science'],
    interests: ['Oceans'],
    content_type: 'article',
  });
  const match = `Ocean currents mapped ${unique('j8')}`;
  await api.submitContent(owner, {
    title: match,
    description: 'How the gulf stream moves.',
    url: `https://example.com/e2e/${encodeURIComponent(match)}`,
    content_type: 'article',
    categories: ['science', 'oceans'],
  });
  const sharer = await api.signUp('e2e-kept-sharer', {
    name: 'Kai Sharer',
    bio: 'Shares good science.',
    categories: ['science'],
    interests: ['Oceans'],
    content_type: 'article',
  });
  const own = `Tide pools for kids ${unique('j8own')}`;
  await api.submitContent(sharer, {
    title: own,
    description: 'A field guide.',
    url: `https://example.com/e2e/${encodeURIComponent(own)}`,
    content_type: 'article',
    categories: ['science'],
  });
  await api.addContact(sharer, 'Robin Reader', `${unique('robin')}@e2e.example.com`);

  const page = await journey.newPage({ tourDoneFor: [sharer.user.id] });
  await loginViaUi(page, sharer.username, sharer.password);
  // Another device of the same creator, open on the workspace.
  const other = await journey.newPage({ tourDoneFor: [sharer.user.id] });
  await loginViaUi(other, sharer.username, sharer.password);
  await visible(step3(other).getByText('Shares left today: 3 of 3', { exact: true }));

  await selectOwnContent(page, own);
  await selectMatch(page, match);
  await visible(queuedMatches(page).getByText('0 / 5 shares', { exact: true }));
  await shareMatch(page, match, 'Robin Reader');
  await expectKept(page, match, own);

  // Live on the other device: the selection and the share arrived without a reload.
  await expectKept(other, match, own);

  // A reload mid-match keeps the selection and the progress.
  await page.reload();
  await expectKept(page, match, own);
  await attributeIs(selectButton(page.getByRole('list', { name: 'Your content' }), own), 'aria-pressed', 'true');
  await journey.screenshot(page);
}

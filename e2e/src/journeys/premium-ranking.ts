/**
 * Journey (issue 24 item 7): a Premium creator at 1366 × 768 picks Ranked Content, then Top Performers, in
 * the workspace's View filter. Each time one line says how the list was ranked and every item shows the
 * number that ranked it; Top Performers also holds an item that already reached its required shares
 * (`shared`), which the standard and ranked lists leave out.
 *
 * Other journeys run in the same app first: the creator's category and interest are this run's own words,
 * so the related items are the ones set up here (unrelated content may still top the list up).
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { unique, type Api, type Session } from '../support/api.ts';
import { loginViaUi, textMatches, visible, type Journey } from '../support/browser.ts';
import { waitFor } from '../support/wait.ts';

const DONE_TITLE = 'Seed library swaps';
const BOTH_TITLE = 'Compost in small yards';
const INTEREST_TITLE = 'Rain barrels that last';

type Match = { id: string; title: string; owner_status: string; rank_basis?: { kind: string; value: number } };

/** The match list's own cards (not the category chips inside them). */
const cards = (page: Page): Locator => page.getByRole('list', { name: 'Matched content' }).locator(':scope > li');

/** Every shown card carries its number, in text. */
async function expectNumberOnEveryItem(page: Page, pattern: RegExp, where: string): Promise<void> {
  const count = await cards(page).count();
  assert.ok(count > 0, `${where}: the list shows items`);
  for (let i = 0; i < count; i++) {
    const text = (await cards(page).nth(i).getByTestId('rank-basis').textContent()) ?? '';
    assert.match(text, pattern, `${where}: item ${i + 1}'s number`);
  }
}

export async function premiumRankingJourney(journey: Journey, api: Api): Promise<void> {
  const category = unique('j20cat');
  const interest = unique('j20int');
  const profile = (name: string) => ({ name, bio: 'Grows vegetables.', categories: [category], interests: [interest], content_type: 'article' });
  const viewer = await api.signUp('e2e-ranking', profile('Rae Ranker'));
  await api.upgradeToPremium(viewer);

  // Three creators, one item each (a creator's first item is released at once).
  const submit = async (prefix: string, title: string, categories: string[]): Promise<string> => {
    const author = await api.signUp(prefix, profile(title));
    return api.submitContent(author, { title, description: `${title}, step by step.`, url: `https://example.com/${prefix}`, content_type: 'article', categories });
  };
  const done = await submit('e2e-rank-a', DONE_TITLE, [category]);
  const both = await submit('e2e-rank-b', BOTH_TITLE, [category, interest]);
  await submit('e2e-rank-c', INTEREST_TITLE, [interest]);

  // Five other creators each share DONE_TITLE with a contact of theirs: it reaches its 5 required shares.
  for (let i = 0; i < 5; i++) {
    const helper: Session = await api.signUp(`e2e-rank-h${i}`);
    const contact = await api.addContact(helper, `Neighbour ${i}`, `${helper.username}.n${i}@e2e.example.com`);
    await api.call('POST', `/content/${done}/share/`, { token: helper.token, json: { contact_ids: [contact] } });
  }
  await waitFor(async () => (await api.call<Match>('GET', `/content/${done}/`, { token: viewer.token })).owner_status === 'shared', {
    what: `"${DONE_TITLE}" to reach its required shares`,
  });
  // The matching worker files it among the top performers a moment after its last share.
  const matches = (query: string) => api.call<Match[]>('GET', `/content/match${query}`, { token: viewer.token });
  await waitFor(async () => (await matches('?top_performers=true')).some((item) => item.id === done), {
    timeoutMs: 60_000,
    what: `"${DONE_TITLE}" among the viewer's top performers`,
  });
  const ranked = await waitFor(async () => {
    const items = await matches('?ranked_content=true');
    return items.some((item) => item.id === both) ? items : undefined;
  }, { timeoutMs: 30_000, what: `"${BOTH_TITLE}" among the viewer's ranked matches` });
  assert.ok(!ranked.some((item) => item.id === done), 'ranked content leaves out what reached its required shares');
  assert.ok(!(await matches('')).some((item) => item.id === done), 'the standard list leaves out what reached its required shares');

  const page = await journey.newPage({ tourDoneFor: [viewer.user.id], viewport: { width: 1366, height: 768 } });
  await loginViaUi(page, viewer.username, viewer.password);
  await visible(cards(page));
  const caption = page.getByTestId('ranking-caption');
  assert.equal(await caption.count(), 0, 'the standard list has no ranking caption');
  const view = page.getByLabel('View', { exact: true });

  // Ranked Content: the caption, and each item's shared categories and interests.
  await view.selectOption('rankedContent');
  await textMatches(caption, /^Ranked by how many of your categories and interests each item shares/);
  await visible(cards(page).filter({ hasText: BOTH_TITLE }));
  await textMatches(cards(page).filter({ hasText: BOTH_TITLE }).getByTestId('rank-basis'), /^Shares 2 of your categories and interests \(1 category, 1 interest\)$/);
  await expectNumberOnEveryItem(page, /^Shares \d+ of your categories and interests/, 'Ranked Content');
  assert.equal(await cards(page).filter({ hasText: DONE_TITLE }).count(), 0, 'Ranked Content leaves out the shared item');
  await journey.screenshot(page, '-ranked');

  // Top Performers: the caption, each item's creator reach, and the item that reached its required shares.
  await view.selectOption('topPerformers');
  await textMatches(caption, /^Top performers: related content first, by how many people its creator's content reached/);
  const doneCard = await visible(cards(page).filter({ hasText: DONE_TITLE }));
  await textMatches(doneCard.getByTestId('rank-basis'), /^Creator's reach: 5$/);
  await expectNumberOnEveryItem(page, /^Creator's reach: \d+$/, 'Top Performers');
  const captionBox = await caption.boundingBox();
  assert.ok(captionBox && captionBox.y >= 0 && captionBox.y + captionBox.height <= 768, 'the caption is in view at 1366 × 768');
  await journey.screenshot(page, '-top-performers');
}

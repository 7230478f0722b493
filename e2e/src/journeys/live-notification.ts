/**
 * Journey 2: two browser contexts. B shares A's content from the workspace; A's unread badge goes up
 * without a reload (socket.io push). Accounts, profiles, A's content and B's contact are set up over
 * HTTP: the journey is about the share and the live badge.
 */
import assert from 'node:assert/strict';
import { unique, type Api } from '../support/api.ts';
import { loginViaUi, type Journey } from '../support/browser.ts';
import { waitFor } from '../support/wait.ts';
import { notificationsEntry, selectMatch, shareMatch, unreadCount } from '../support/workspace.ts';

export async function liveNotificationJourney(journey: Journey, api: Api): Promise<void> {
  // A's content is in categories that are B's profile category and interest, so it tops B's matches.
  const owner = await api.signUp('e2e-owner', {
    name: 'Ana Owner',
    bio: 'Writes about climate science for newsletters.',
    categories: ['business'],
    interests: ['Marketing'],
    content_type: 'article',
  });
  const title = `Climate data explained ${unique('j2')}`;
  await api.submitContent(owner, {
    title,
    description: 'A primer on reading climate datasets.',
    url: `https://example.com/e2e/${encodeURIComponent(title)}`,
    content_type: 'article',
    categories: ['science', 'climate'],
  });
  const sharer = await api.signUp('e2e-sharer', {
    name: 'Ben Sharer',
    bio: 'Shares good science with friends.',
    categories: ['science'],
    interests: ['Climate'],
    content_type: 'article',
  });
  await api.addContact(sharer, 'Casey Contact', `${unique('casey')}@e2e.example.com`);

  const pageA = await journey.newPage({ tourDoneFor: [owner.user.id] });
  await loginViaUi(pageA, owner.username, owner.password);
  await notificationsEntry(pageA).first().waitFor();
  // The owner already has notifications (the exchange tells them their first item is live): wait until the
  // badge shows what the server has, so that a list still loading is not taken for "before".
  const before = (await api.notifications(owner.token)).filter((notification) => !notification.is_read).length;
  await waitFor(async () => ((await unreadCount(pageA)) === before ? true : undefined), { what: `A's unread badge to show ${before}` });
  let reloads = 0;
  pageA.on('load', () => reloads++);

  const pageB = await journey.newPage({ tourDoneFor: [sharer.user.id] });
  await loginViaUi(pageB, sharer.username, sharer.password);
  await selectMatch(pageB, title);
  await shareMatch(pageB, title, 'Casey Contact');

  const after = await waitFor(async () => {
    const count = await unreadCount(pageA);
    return count > before ? count : undefined;
  }, { what: `A's unread badge to go above ${before} without a reload` });
  assert.equal(after, before + 1);
  assert.equal(reloads, 0, 'A did not reload');
  await journey.screenshot(pageA, '-owner');
  await journey.screenshot(pageB, '-sharer');
}

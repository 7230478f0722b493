/**
 * Journey 11 (auto-scheduling, Premium): a Premium creator schedules a share of a match a few seconds ahead
 * from the share window. The delayed job runs it (the same share rules as sharing now), the creator gets the
 * outcome as a live notification and toast, the content owner gets the share, and Manage Content's Scheduled
 * tab shows it done. Accounts, profiles, the owner's content and the contact are set up over HTTP.
 */
import assert from 'node:assert/strict';
import { unique, type Api } from '../support/api.ts';
import { STEP_TIMEOUT_MS, loginViaUi, message, visible, type Journey } from '../support/browser.ts';
import { waitFor } from '../support/wait.ts';
import { notificationsEntry, selectMatch, unreadCount } from '../support/workspace.ts';

/** How far ahead the share is scheduled: enough to fill the form, short enough for a journey. */
const AHEAD_MS = 12_000;

export async function scheduledShareJourney(journey: Journey, api: Api): Promise<void> {
  const owner = await api.signUp('e2e-sched-owner', {
    name: 'Olga Owner',
    bio: 'Writes about ocean science.',
    categories: ['business'],
    interests: ['Marketing'],
    content_type: 'article',
  });
  // Premium (Priority Matching) and the newest item: it tops the sharer's matches whatever earlier journeys
  // left in the same categories (the default order weighs relevance as yes or no, then priority and freshness).
  await api.upgradeToPremium(owner);
  const title = `Ocean currents mapped ${unique('j11')}`;
  await api.submitContent(owner, {
    title,
    description: 'How ocean currents move heat.',
    url: `https://example.com/e2e/${encodeURIComponent(title)}`,
    content_type: 'article',
    categories: ['science', 'ocean'],
  });
  const sharer = await api.signUp('e2e-sched-sharer', {
    name: 'Sam Scheduler',
    bio: 'Shares science at the right time.',
    categories: ['science'],
    interests: ['Ocean'],
    content_type: 'article',
  });
  await api.upgradeToPremium(sharer);
  await api.addContact(sharer, 'Riley Reader', `${unique('riley')}@e2e.example.com`);

  const page = await journey.newPage({ tourDoneFor: [sharer.user.id] });
  await loginViaUi(page, sharer.username, sharer.password);
  await notificationsEntry(page).first().waitFor();
  const before = (await api.notifications(sharer.token)).filter((notification) => !notification.is_read).length;
  await waitFor(async () => ((await unreadCount(page)) === before ? true : undefined), { what: `the unread badge to show ${before}` });

  await selectMatch(page, title);
  await page.getByRole('button', { name: `Share ${title}` }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Share content' }));
  await dialog.getByRole('checkbox', { name: /Riley Reader/ }).check();
  await dialog.getByRole('checkbox', { name: 'Schedule for later' }).check();
  // The Share (now) button steps aside for 'Schedule share' (issue 24 item 7): one primary action.
  await visible(dialog.getByRole('button', { name: 'Schedule share' }));
  assert.equal(await dialog.getByRole('button', { name: 'Share', exact: true }).count(), 0, "'Share' stands beside 'Schedule share'");
  // The browser's own local time, a few seconds ahead (the input holds local wall time to the second).
  const runAt = await page.evaluate((ahead) => {
    const date = new Date(Date.now() + ahead);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, AHEAD_MS);
  await dialog.getByLabel('Date and time').fill(runAt);
  await visible(dialog.getByText(/^Runs at .+ \(your time, .+\)\.$/));
  await journey.screenshot(page, '-scheduling');
  await dialog.getByRole('button', { name: 'Schedule share' }).click();
  await visible(page.getByText(/^Share scheduled for /));
  await dialog.waitFor({ state: 'detached' });

  // The delayed job runs it at its time; the outcome arrives as a live notification and a toast.
  const outcome = `Your scheduled share of "${title}" ran: it reached 1 contact.`;
  await visible(message(page, outcome), AHEAD_MS + 20_000);
  const after = await waitFor(async () => {
    const count = await unreadCount(page);
    return count > before ? count : undefined;
  }, { what: `the unread badge to go above ${before}` });
  assert.equal(after, before + 1);
  const ownerNotifications = await api.notifications(owner.token);
  assert.ok(ownerNotifications.some((notification) => notification.message.includes(`shared your content "${title}"`)), 'the owner was told of the share');

  await page.getByRole('button', { name: 'Manage', exact: true }).click();
  const manage = await visible(page.getByRole('dialog', { name: 'Manage Content' }));
  await manage.getByRole('tab', { name: 'Scheduled' }).click();
  const item = await visible(manage.getByRole('list', { name: 'Scheduled' }).getByRole('listitem').filter({ hasText: title }), STEP_TIMEOUT_MS);
  await visible(item.getByText('Done', { exact: true }));
  await journey.screenshot(page, '-done');
  // The list fits a phone: nothing wider than the 390 px viewport.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await manage.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth);
  assert.ok(overflow <= 0, `the Manage Content dialog overflows by ${overflow} px at 390 px`);
  const tab = await manage.getByRole('tab', { name: 'Scheduled' }).boundingBox();
  assert.ok(tab && tab.x + tab.width <= 390, `the Scheduled tab is on screen at 390 px (right edge ${tab ? tab.x + tab.width : 'none'})`);
  await journey.screenshot(page, '-done-390');
}

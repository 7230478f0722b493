/**
 * Journey 11, a phone user (390×844) completes the whole tour and shares from the workspace without a blocked
 * control. Every click is Playwright's normal click, which fails when another element (the bottom bar, a
 * floating button, a toast) would receive it. Checks on the way: the signed-out navbar's Menu button is a real
 * button at 390 px (issue 13 item 7); all 13 tour steps show, in order, though the phone workspace shows one step
 * at a time (item 8); Shuffle and the Manage > Analytics table are usable with no page-wide sideways scroll (item
 * 9); the completed tour is kept on the account, so a new device does not replay it (item 13).
 * Accounts, profiles, contents and the contact are set up over HTTP: the journey is about the phone UI.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { unique, type Api } from '../support/api.ts';
import { attributeIs, loginViaUi, message, pathIs, textMatches, visible, type Journey } from '../support/browser.ts';
import { waitFor } from '../support/wait.ts';

const PHONE = { width: 390, height: 844 };

/** SPEC §2 Guided tour, in order: each step's tooltip title. */
const TOUR_TITLES = [
  'Welcome to Crossfeed',
  'Your profile',
  'Contacts',
  'Add content',
  'Notifications',
  'Premium',
  'Your content',
  'Shuffle',
  'Find your match',
  'Manage your content',
  'Share and manage',
  'View your queue',
  'Help and tour',
];

/** No page-wide sideways scroll: the document is no wider than the screen. */
async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const [scrollWidth, clientWidth] = await page
    .locator('html')
    .evaluate((html: { scrollWidth: number; clientWidth: number }) => [html.scrollWidth, html.clientWidth]);
  assert.ok(scrollWidth <= clientWidth, `${where}: the page is ${scrollWidth} px wide on a ${clientWidth} px screen`);
}

const stepNav = (page: Page) => page.getByRole('navigation', { name: 'Step navigation' });
const region = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Step ${n}:`) });

/** The phone workspace shows one step at a time: Back or Next until step `n` shows. */
async function showStep(page: Page, n: number): Promise<void> {
  for (let guard = 0; guard < 3; guard++) {
    const count = await textMatches(stepNav(page).getByText(/^Step \d of 3$/), /Step \d of 3/);
    const current = Number(/Step (\d)/.exec(count)?.[1]);
    if (current === n) break;
    await stepNav(page).getByRole('button', { name: current < n ? 'Next' : 'Back', exact: true }).click();
    await textMatches(stepNav(page).getByText(/^Step \d of 3$/), new RegExp(`Step ${current < n ? current + 1 : current - 1} of 3`));
  }
  await visible(region(page, n));
}

export async function phoneTourJourney(journey: Journey, api: Api): Promise<void> {
  const profile = { name: 'Pia Phone', bio: 'Marine biology on the go.', categories: ['science'], interests: ['Oceans'], content_type: 'article' };
  const owner = await api.signUp('e2e-phone-owner', { ...profile, name: 'Oona Owner' });
  // Premium (Priority Matching) and the newest item: it tops the phone user's matches whatever earlier
  // journeys left in the same categories (the default order weighs relevance as yes or no).
  await api.upgradeToPremium(owner);
  const match = `Kelp forests from a kayak ${unique('j11')}`;
  await api.submitContent(owner, {
    title: match,
    description: 'A paddle through the kelp.',
    url: `https://example.com/e2e/${encodeURIComponent(match)}`,
    content_type: 'article',
    categories: ['science', 'oceans'],
  });
  const phoneUser = await api.signUp('e2e-phone', profile);
  const own = `Tide tables explained ${unique('j11own')}`;
  await api.submitContent(phoneUser, {
    title: own,
    description: 'Reading a tide table.',
    url: `https://example.com/e2e/${encodeURIComponent(own)}`,
    content_type: 'article',
    categories: ['science'],
  });
  await api.addContact(phoneUser, 'Mara Reader', `${unique('mara')}@e2e.example.com`);

  const page = await journey.newPage({ viewport: PHONE });

  // Signed out at 390 px the navbar has Get Started, Login and a Menu button that opens.
  await page.goto('/');
  const menu = await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }));
  const box = await menu.boundingBox();
  assert.ok(box && box.width >= 36 && box.x + box.width <= PHONE.width, `the Menu button is ${JSON.stringify(box)}`);
  await menu.click();
  await visible(page.getByRole('link', { name: 'Pricing', exact: true }));
  await menu.click();
  await expectNoHorizontalOverflow(page, 'the home page');

  // The tour starts on the workspace and shows all 13 steps on the phone.
  await loginViaUi(page, phoneUser.username, phoneUser.password);
  await pathIs(page, '/app/home');
  for (const [index, title] of TOUR_TITLES.entries()) {
    const tooltip = await visible(page.getByRole('alertdialog', { name: title }));
    await visible(tooltip.getByText(`Step ${index + 1} of ${TOUR_TITLES.length}`, { exact: true }));
    await tooltip.getByRole('button', { name: index === TOUR_TITLES.length - 1 ? 'Finish' : 'Next', exact: true }).click();
  }
  await visible(message(page, 'Guided tour completed!'));
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });

  // Kept on the account: a new device signs in with the tour completed.
  await waitFor(async () => (await api.me(phoneUser.token)).has_completed_tour === true, { what: 'has_completed_tour on the account' });
  const otherDevice = await journey.newPage({ viewport: PHONE });
  await loginViaUi(otherDevice, phoneUser.username, phoneUser.password);
  assert.equal(await otherDevice.evaluate((id) => localStorage.getItem(`hasCompletedTour-${id}`), phoneUser.user.id), 'true');

  // Step 1: pick the match (it tops the list: Premium and newest), then Shuffle is tappable (not
  // under the bottom bar); the picked match stays picked.
  await showStep(page, 1);
  const matches = page.getByRole('list', { name: 'Matched content' });
  const select = await visible(matches.getByRole('button', { name: `Select ${match}`, exact: true }));
  await select.click();
  await attributeIs(select, 'aria-pressed', 'true');
  const shuffle = page.getByRole('button', { name: /^Shuffle/ });
  await shuffle.click();
  await textMatches(shuffle, /Left: 2/);
  await expectNoHorizontalOverflow(page, 'step 1');

  // Step 2: pick the own content; Manage > Analytics fits the screen.
  await showStep(page, 2);
  const ownSelect = await visible(page.getByRole('list', { name: 'Your content' }).getByRole('button', { name: `Select ${own}`, exact: true }));
  await ownSelect.click();
  await attributeIs(ownSelect, 'aria-pressed', 'true');
  await region(page, 2).getByRole('button', { name: 'Manage', exact: true }).click();
  const manage = await visible(page.getByRole('dialog', { name: 'Manage Content' }));
  await manage.getByRole('tab', { name: 'Analytics' }).click();
  const clicks = await visible(manage.getByRole('columnheader', { name: 'Clicks' }));
  const clicksBox = await clicks.boundingBox();
  assert.ok(clicksBox && clicksBox.x + clicksBox.width <= PHONE.width, `the Clicks column is off-screen: ${JSON.stringify(clicksBox)}`);
  await expectNoHorizontalOverflow(page, 'Manage > Analytics');
  await manage.getByRole('button', { name: 'Close' }).click();
  await manage.waitFor({ state: 'detached' });

  // Step 3: share the match with the contact.
  await showStep(page, 3);
  await region(page, 3).getByRole('button', { name: `Share ${match}` }).click();
  const share = await visible(page.getByRole('dialog', { name: 'Share content' }));
  await share.getByRole('checkbox', { name: /Mara Reader/ }).check();
  await share.getByRole('button', { name: 'Share', exact: true }).click();
  await visible(message(page, 'Content shared successfully!'));
  await share.waitFor({ state: 'detached' });
  await attributeIs(region(page, 3).getByRole('progressbar', { name: 'Sharing progress' }), 'aria-valuenow', '20');
  await expectNoHorizontalOverflow(page, 'step 3');
  await journey.screenshot(page);
}

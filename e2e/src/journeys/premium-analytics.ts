/**
 * Journey: a Premium creator opens Manage → Analytics on a phone (390 × 844) and sees their content's daily
 * analytics: the totals, the clicks chart with its data table and the breakdown by sharer, then exports
 * the series as CSV. Nothing on the page scrolls sideways.
 */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import type { Api } from '../support/api.ts';
import { AccessibilityAudit } from '../support/axe.ts';
import { textMatches, visible, type Journey } from '../support/browser.ts';

const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const TITLE = 'Night skies over the dunes';

/**
 * Issue 24 item 10: the sharer table is not clipped ("Conver…"): every column header lies inside the
 * table's scroll box, whole, without scrolling sideways.
 */
async function expectSharerTableUnclipped(daily: Locator, where: string): Promise<void> {
  const region = daily.getByRole('region', { name: 'Clicks and conversions by sharer' });
  const box = await region.boundingBox();
  assert.ok(box, `${where}: the sharer table's box`);
  for (const name of ['Sharer', 'Shares', 'Contacts reached', 'Clicks', 'Unique clicks', 'Conversions']) {
    const header = await region.getByRole('columnheader', { name, exact: true }).boundingBox();
    assert.ok(header, `${where}: the ${name} header`);
    assert.ok(header.x >= box.x - 0.5 && header.x + header.width <= box.x + box.width + 0.5, `${where}: the ${name} header (${header.x}…${header.x + header.width}) is clipped by its table (${box.x}…${box.x + box.width})`);
  }
  const [scrollWidth, clientWidth] = await region.evaluate((el: { scrollWidth: number; clientWidth: number }) => [el.scrollWidth, el.clientWidth]);
  assert.ok(scrollWidth <= clientWidth, `${where}: the sharer table scrolls sideways (${scrollWidth} px in ${clientWidth} px)`);
}

export async function premiumAnalyticsJourney(journey: Journey, api: Api): Promise<void> {
  const profile = { bio: 'Shoots the night sky.', categories: ['art'], interests: ['Photography'], content_type: 'image' };
  const owner = await api.signUp('e2e-analytics', { name: 'Nia Night', ...profile });
  const sharer = await api.signUp('e2e-analyst-b', { name: 'Ben Sharer', ...profile });
  await api.upgradeToPremium(owner);
  const contentId = await api.submitContent(owner, { title: TITLE, description: 'Long exposures at new moon.', url: 'https://example.com/night-skies', content_type: 'image', categories: ['art'] });

  // Today: a share by another creator, and the owner's own contact opening the short link twice (one unique click).
  const friend = await api.addContact(sharer, 'Friend of Ben', `${sharer.username}.friend@e2e.example.com`);
  await api.call('POST', `/content/${contentId}/share/`, { token: sharer.token, json: { contact_ids: [friend] } });
  const reader = await api.addContact(owner, 'Rae Reader', `${owner.username}.reader@e2e.example.com`);
  const link = await api.call<{ short_code: string }>('POST', '/links/', { token: owner.token, json: { content_id: contentId } });
  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${api.baseUrl}/links/${link.short_code}?c=${reader}`, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
    assert.equal(response.status, 302);
  }

  // bypassCSP only so axe-core can be injected for the scan below.
  const page = await journey.newPage({ tourDoneFor: [owner.user.id], viewport: { width: 390, height: 844 }, bypassCSP: true });
  await page.goto('/login');
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/app\/home/);

  // On a phone the steps show one at a time: Manage sits in step 2.
  await page.getByRole('navigation', { name: 'Step navigation' }).getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Manage', exact: true }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Manage Content' }));
  await dialog.getByRole('tab', { name: 'Analytics' }).click();
  const daily = await visible(dialog.getByRole('region', { name: 'Daily analytics' }));
  // Clicks are recorded without waiting for the read models: the totals show them once projected.
  await textMatches(daily.getByLabel(/^Totals,/), /Shares1Human clicks2Unique clicks1Conversions0/);
  const chart = await visible(daily.getByRole('img', { name: /^Clicks / }));
  assert.match((await chart.getAttribute('aria-labelledby')) ?? '', /\S/);
  await visible(daily.getByRole('table', { name: 'Clicks and conversions by sharer' }));
  await expectSharerTableUnclipped(daily, '390 px');
  await daily.getByRole('heading', { name: 'Daily analytics' }).scrollIntoViewIfNeeded();
  await journey.screenshot(page, '-top');
  await daily.getByText('Data table', { exact: false }).last().click();
  await visible(daily.getByRole('table', { name: 'Clicks' }));

  const audit = new AccessibilityAudit();
  await audit.scan(page, 'Manage Content › Analytics (Premium, 390 px)');
  audit.assertNoSeriousViolations();

  // A string: the e2e workspace is typed for Node, without the DOM's globals.
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 390 px`);
  await journey.screenshot(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await expectSharerTableUnclipped(daily, '1366 px');
  await daily.getByRole('heading', { name: 'Daily analytics' }).scrollIntoViewIfNeeded();
  await journey.screenshot(page, '-wide');

  const [download] = await Promise.all([page.waitForEvent('download'), daily.getByRole('button', { name: 'Export CSV' }).click()]);
  assert.match(download.suggestedFilename(), new RegExp(`^crossfeed-${contentId}-daily-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await api.call<string>('GET', `/analytics/content/${contentId}/daily.csv`, { token: owner.token });
  assert.match(csv.replace(/^\uFEFF/, ''), /^Day,Shares,Human clicks,Unique clicks,Conversions\r\n/);
}

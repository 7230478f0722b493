/**
 * Journey 7, accessibility: axe-core on every public page, the signed-in workspace (/app/home with matches
 * and own content, some of it selected, also 360 px wide), each sidebar panel and the Manage Content modal
 * (every tab, Scheduled and Analytics included), the audience insights page, and the admin's report and analytics. Any serious or critical violation fails the journey with the rule, its
 * impact, its help and the first offending elements; moderate and minor ones are printed as warnings.
 *
 * The pages run with `bypassCSP` (axe is injected as a script, which the app's CSP refuses otherwise). The
 * creator is the seeded demo creator Grace (Free: profile, contacts, content, a notification, matches);
 * the admin is the seeded demo admin.
 */
import type { Locator, Page } from 'playwright-core';
import type { Api } from '../support/api.ts';
import { AccessibilityAudit } from '../support/axe.ts';
import { loginViaUi, pathIs, visible, type Journey } from '../support/browser.ts';
import { selectButton, toggleOn } from '../support/workspace.ts';

const PUBLIC_PAGES = ['/waitlist', '/pricing', '/about', '/contact', '/terms', '/login', '/signup', '/forgot-password'];
/** Seeded by SEED_DEMO (backend/src/seed/demo-seed.ts). */
const CREATOR = { username: 'grace', password: 'Creator#Demo2026' };
const ADMIN = { username: 'admin', password: 'Admin#Demo2026' };
const SEEDED_FLAG_TITLE = 'Running a one-person business';

/** Sidebar entry (its accessible name) → the dialog it opens. Notifications carries ", N unread". */
const PANELS: { view: string; entry: string | RegExp; dialog: string }[] = [
  { view: 'Profile', entry: 'Profile', dialog: 'Profile Information' },
  { view: 'Contacts', entry: 'Contacts', dialog: 'Contacts' },
  { view: 'Add content', entry: 'Add content', dialog: 'Add New Content' },
  { view: 'Notifications', entry: /^Notifications/, dialog: 'Notifications' },
  { view: 'Premium', entry: 'Premium', dialog: 'Choose Your Plan' },
];

const sidebarEntry = (page: Page, name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });

/** Scans an open dialog, then each of its other tabs (if it has any), then closes it with Escape. */
async function scanDialog(audit: AccessibilityAudit, page: Page, dialog: Locator, view: string): Promise<void> {
  await audit.scan(page, view);
  const tabs = dialog.getByRole('tab');
  const count = await tabs.count();
  for (let index = 0; index < count; index++) {
    const tab = tabs.nth(index);
    if ((await tab.getAttribute('aria-selected')) === 'true') continue;
    const name = ((await tab.textContent()) ?? '').trim();
    await tab.click();
    await visible(dialog.getByRole('tab', { name, selected: true }));
    await audit.scan(page, `${view} › ${name}`);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

export async function accessibilityJourney(journey: Journey, api: Api): Promise<void> {
  const audit = new AccessibilityAudit();

  // The public pages, signed out.
  const visitor = await journey.newPage({ bypassCSP: true });
  for (const pathname of PUBLIC_PAGES) {
    await visitor.goto(pathname);
    await pathIs(visitor, pathname);
    await visible(visitor.getByRole('main'));
    await audit.scan(visitor, pathname);
  }

  // The workspace of a creator with a completed profile, the tour done, matches and own content.
  const creator = await api.login(CREATOR.username, CREATOR.password);
  const page = await journey.newPage({ bypassCSP: true, tourDoneFor: [creator.user.id] });
  await loginViaUi(page, CREATOR.username, CREATOR.password);
  await pathIs(page, '/app/home');
  const matches = page.getByRole('list', { name: 'Matched content' });
  const own = page.getByRole('list', { name: 'Your content' });
  const firstMatch = await visible(matches.getByRole('button', { name: /^Select / }));
  await visible(own.getByRole('button', { name: /^Select / }));
  await audit.scan(page, '/app/home');
  // Selected cards (the check, the selected styling) and a filled step 3.
  await toggleOn(firstMatch);
  await toggleOn(selectButton(own, 'Ink to pixels: my workflow'));
  await audit.scan(page, '/app/home (items selected)');

  for (const panel of PANELS) {
    await sidebarEntry(page, panel.entry).click();
    const dialog = await visible(page.getByRole('dialog', { name: panel.dialog }));
    await scanDialog(audit, page, dialog, `${panel.view} panel`);
  }

  await page.getByRole('button', { name: 'Manage', exact: true }).click();
  await scanDialog(audit, page, await visible(page.getByRole('dialog', { name: 'Manage Content' })), 'Manage Content');
  await journey.screenshot(page, '-home');
  // Audience insights (Premium; a Free creator sees what it adds and the upgrade).
  await page.goto('/app/audience-insights');
  await pathIs(page, '/app/audience-insights');
  await visible(page.getByRole('heading', { name: 'Audience insights', level: 1 }));
  await audit.scan(page, '/app/audience-insights');
  await page.goto('/app/home');
  await visible(own.getByRole('button', { name: /^Select / }));
  // The narrowest supported width: the sidebar becomes a bottom bar, the steps one at a time.
  await page.setViewportSize({ width: 360, height: 740 });
  await audit.scan(page, '/app/home at 360 px');

  // The admin's pages.
  const admin = await api.login(ADMIN.username, ADMIN.password);
  const adminPage = await journey.newPage({ bypassCSP: true, tourDoneFor: [admin.user.id] });
  await loginViaUi(adminPage, ADMIN.username, ADMIN.password);
  await adminPage.goto('/admin-report');
  await visible(adminPage.getByRole('row', { name: new RegExp(SEEDED_FLAG_TITLE) }));
  await audit.scan(adminPage, '/admin-report');
  await adminPage.goto('/admin-analytics');
  await pathIs(adminPage, '/admin-analytics');
  await visible(adminPage.getByRole('main'));
  await audit.scan(adminPage, '/admin-analytics');
  await journey.screenshot(adminPage, '-admin-analytics');

  audit.assertNoSeriousViolations();
}

/**
 * Journey 21, the UI a creator trusts at first sight (issue 24), at 1366×768 and at 390×844. Boxes are
 * measured, not only looked at:
 * - item 1: the Add content error and the search limit lie inside the viewport, announced (alert/status);
 * - item 2: a Pending item is called Pending, and "queue" is kept for the items picked in step 2;
 * - item 3: with no share left today the share window says so before any choice, with the upgrade;
 * - item 4: Manage → Analytics follows a share made elsewhere without a reload;
 * - item 6: a dead short link and /success without a session are pages in the product's look, in English;
 * - item 8: Free's Audience Scores tab and conversion snippet are Premium's; the upsell lists only Premium's;
 * - item 9: after "Mark as read" and "Check position" the focus stays in the dialog and Escape closes it;
 * - item 10: the navbar's border only after 8 px; both readings of the price; the search says where
 *   Business went; sign-up takes the e-mail from the waitlist; an expired token sends no API call and
 *   gives no stray toast; a flag shows as "Reported" on the owner's item.
 * Items 5 and 7 are journeys 15 and 1 (phone flow, one toast) and 20 (ranked lists); the sharer table of
 * item 10 is journey 13. The axe scan covers the dialogs and pages this journey touches.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { unique, type Api, type Session } from '../support/api.ts';
import { AccessibilityAudit } from '../support/axe.ts';
import { loginViaUi, message, pathIs, textMatches, visible, type Journey } from '../support/browser.ts';
import { waitFor } from '../support/wait.ts';
import { selectMatch } from '../support/workspace.ts';

type Viewport = { label: string; width: number; height: number };
const VIEWPORTS: readonly Viewport[] = [
  { label: '1366×768', width: 1366, height: 768 },
  { label: '390×844', width: 390, height: 844 },
];

const PROFILE = { bio: 'Writes about rivers.', categories: ['science'], interests: ['Rivers'], content_type: 'article' };
const DAILY_LIMIT_REACHED = 'Daily share limit reached. Upgrade to premium for unlimited sharing.';
const SEARCH_LIMIT = 'You have used all your searches for today. Upgrade to Premium for unlimited searches, or search again tomorrow (UTC).';

/** The whole box of `locator` lies inside the viewport (waits a moment for a smooth scroll to end). */
async function expectInViewport(page: Page, locator: Locator, viewport: Viewport, what: string): Promise<void> {
  let last = 'no box';
  await waitFor(
    async () => {
      const box = await locator.boundingBox();
      if (!box) return false;
      last = `x ${box.x.toFixed(0)}…${(box.x + box.width).toFixed(0)}, y ${box.y.toFixed(0)}…${(box.y + box.height).toFixed(0)}`;
      return box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
    },
    { timeoutMs: 5_000, what: `${viewport.label}: ${what} inside the ${viewport.width}×${viewport.height} viewport (last: ${last})` },
  ).catch(() => {
    throw new assert.AssertionError({ message: `${viewport.label}: ${what} is outside the ${viewport.width}×${viewport.height} viewport (${last})` });
  });
}

/** Whether the focused element is inside `dialog`. */
const focusInside = (dialog: Locator): Promise<boolean> =>
  dialog.evaluate((element: { contains(node: unknown): boolean; ownerDocument: { activeElement: unknown } }) =>
    element.contains(element.ownerDocument.activeElement),
  );

/** Escape closes the dialog, wherever the focus fell. */
async function escapeCloses(page: Page, dialog: Locator, what: string): Promise<void> {
  assert.ok(await focusInside(dialog), `${what}: the focus left the dialog`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** The phone workspace shows one step at a time; on a wide screen every step shows. */
async function showStep(page: Page, n: number): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Step navigation' });
  const counter = nav.getByText(/^Step \d of 3$/);
  if (!(await counter.isVisible())) return;
  for (let guard = 0; guard < 3; guard++) {
    const current = Number(/Step (\d)/.exec((await counter.textContent()) ?? '')?.[1]);
    if (current === n) return;
    await nav.getByRole('button', { name: current < n ? 'Next' : 'Back', exact: true }).click();
    await textMatches(counter, new RegExp(`Step ${current < n ? current + 1 : current - 1} of 3`));
  }
}

const sidebarEntry = (page: Page, name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });

interface Cast {
  creator: Session;
  partner: Session;
  match: string;
  ownLive: { id: string; title: string };
  ownPending: string;
}

/** A Free creator with a live item, a Pending one and three shares used today; a Premium partner whose item tops the match list. */
async function setUp(api: Api, tag: string): Promise<Cast> {
  const partner = await api.signUp(`e2e-trust-p${tag}`, { name: 'Pat Partner', ...PROFILE });
  await api.upgradeToPremium(partner);
  const match = `River deltas from above ${unique(`j21${tag}`)}`;
  const matchId = await api.submitContent(partner, {
    title: match,
    description: 'Aerial photographs of deltas.',
    url: `https://example.com/e2e/${encodeURIComponent(match)}`,
    content_type: 'article',
    categories: ['science'],
  });
  const creator = await api.signUp(`e2e-trust-c${tag}`, { name: 'Cleo Creator', ...PROFILE });
  const liveTitle = `Meanders explained ${unique(`j21l${tag}`)}`;
  const liveId = await api.submitContent(creator, {
    title: liveTitle,
    description: 'Why rivers bend.',
    url: `https://example.com/e2e/${encodeURIComponent(liveTitle)}`,
    content_type: 'article',
    categories: ['science'],
  });
  const ownPending = `Oxbow lakes ${unique(`j21p${tag}`)}`;
  await api.submitContent(creator, {
    title: ownPending,
    description: 'What a river leaves behind.',
    url: `https://example.com/e2e/${encodeURIComponent(ownPending)}`,
    content_type: 'article',
    categories: ['science'],
  });
  // Three presses (SPEC: Free shares 3 a day): the share window has nothing left to offer today.
  for (let i = 0; i < 3; i++) {
    const contact = await api.addContact(creator, `Reader ${i + 1}`, `${unique(`j21r${i}${tag}`)}@e2e.example.com`);
    await api.call('POST', `/content/${matchId}/share/`, { token: creator.token, json: { contact_ids: [contact] } });
  }
  return { creator, partner, match, ownLive: { id: liveId, title: liveTitle }, ownPending };
}

/** Items 6, 9 and 10 on the pages people reach from outside the app. */
async function outsideTheApp(journey: Journey, api: Api, viewport: Viewport, audit: AccessibilityAudit | null): Promise<void> {
  const page = await journey.newPage({ viewport, bypassCSP: true });

  // 10: the navigation bar's border only after 8 px of scroll; the pricing page gives both readings.
  await page.goto('/pricing');
  const header = page.locator('header.site-header');
  await visible(header);
  assert.doesNotMatch((await header.getAttribute('class')) ?? '', /site-header-scrolled/, `${viewport.label}: the navbar border shows before any scroll`);
  await page.mouse.wheel(0, 400);
  await waitFor(async () => /site-header-scrolled/.test((await header.getAttribute('class')) ?? ''), { what: 'the navbar border after a scroll' });
  await visible(page.getByText(/One-time payment, no recurring charges\./));
  const premium = page.getByRole('article', { name: 'Premium' });
  await visible(premium.getByText('per month'));
  await visible(premium.getByText('Cancel anytime.'));

  // 6: a dead short link is a page in the product's look (not raw JSON), with a way on.
  const dead = await page.goto(`/links/${unique('nolink').replace(/-/g, '')}`);
  assert.equal(dead?.status(), 404);
  assert.match(dead?.headers()['content-type'] ?? '', /text\/html/);
  await visible(page.getByRole('heading', { level: 1 }));
  assert.doesNotMatch(await page.locator('body').innerText(), /"detail"/, `${viewport.label}: the dead link shows JSON`);
  if (audit) await audit.scan(page, `Dead short link (${viewport.label})`);

  // 10: sign-up takes the e-mail the waitlist confirmation linked with.
  const email = `${unique('j21w')}@e2e.example.com`;
  await page.goto(`/signup?email=${encodeURIComponent(email)}`);
  assert.equal(await page.getByLabel('Email').inputValue(), email);

  // 9: "Check position" keeps the focus in the dialog; Escape closes it.
  await page.goto('/waitlist');
  await page.getByRole('button', { name: 'Check my position' }).click();
  const position = await visible(page.getByRole('dialog', { name: 'Your waitlist position' }));
  await position.getByLabel('Email').fill(`${unique('j21nobody')}@e2e.example.com`);
  await position.getByRole('button', { name: 'Check position' }).click();
  await waitFor(async () => (await position.getByRole('button', { name: 'Check position' }).isEnabled()), { what: 'the position lookup to end' });
  await page.waitForTimeout(200);
  if (audit) await audit.scan(page, `Waitlist › Your waitlist position (${viewport.label})`);
  await escapeCloses(page, position, `${viewport.label}: Check position`);
}

/** Items 1–4 and 8–10 inside the workspace of a Free creator. */
async function inTheWorkspace(journey: Journey, api: Api, viewport: Viewport, cast: Cast, audit: AccessibilityAudit | null): Promise<void> {
  const { creator, partner } = cast;
  // Ten searches today (SPEC: Free searches 10 a day): the eleventh is refused.
  for (let i = 0; i < 10; i++) {
    await api.call('GET', `/search/?query=river&categories=science&content_type=article&sort_by=relevance`, { token: creator.token });
  }

  const page = await journey.newPage({ viewport, tourDoneFor: [creator.user.id], bypassCSP: true });
  await loginViaUi(page, creator.username, creator.password);
  await pathIs(page, '/app/home');

  // 1: the Add content error for a bad URL is where the person is looking, and announced.
  await sidebarEntry(page, 'Add content').click();
  const add = await visible(page.getByRole('dialog', { name: 'Add New Content' }));
  await add.getByLabel('Title').fill('A post with a broken link');
  await add.getByLabel('URL').fill('not a url');
  await add.getByRole('checkbox', { name: /^science$/i }).check();
  await add.getByRole('button', { name: 'Add Content' }).click();
  const addError = await visible(add.getByRole('alert'));
  await expectInViewport(page, addError, viewport, 'the Add content error');
  if (audit) await audit.scan(page, `Add New Content with an error (${viewport.label})`);
  await page.keyboard.press('Escape');
  await add.waitFor({ state: 'detached' });

  // 1 and 10: after the 10th search the limit sits beside the greyed-out Search button; Business is explained.
  await showStep(page, 1);
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  const search = await visible(page.getByRole('dialog', { name: 'Advanced Search' }));
  const limit = await visible(search.getByText(SEARCH_LIMIT, { exact: true }));
  await expectInViewport(page, limit, viewport, 'the search limit message');
  assert.equal(await search.getByRole('button', { name: 'Search', exact: true }).isDisabled(), true);
  await expectInViewport(page, search.getByRole('button', { name: 'Upgrade to Premium' }), viewport, "the search limit's upgrade button");
  await visible(search.getByText(/Business is not a search category/));
  if (audit) await audit.scan(page, `Advanced Search at the daily limit (${viewport.label})`);
  await page.keyboard.press('Escape');
  await search.waitFor({ state: 'detached' });

  // 2: a Pending item is called Pending; "queue" means the items picked in step 2 only.
  await showStep(page, 2);
  const own = page.getByRole('list', { name: 'Your content' });
  const pendingCard = own.getByRole('listitem').filter({ hasText: cast.ownPending });
  await textMatches(pendingCard, /Pending/);
  assert.doesNotMatch(await pendingCard.innerText(), /queue/i, `${viewport.label}: the Pending item speaks of a queue`);

  // 3: no share left today: the window says so before any choice, with the upgrade, and offers no contact.
  // Any match will do (the limit is the creator's, not the item's): other journeys' content may top the list.
  await showStep(page, 1);
  const firstSelect = await visible(page.getByRole('list', { name: 'Matched content' }).getByRole('button', { name: /^Select / }));
  const matchTitle = ((await firstSelect.getAttribute('aria-label')) ?? (await firstSelect.innerText())).replace(/^Select /, '');
  await selectMatch(page, matchTitle);
  await showStep(page, 3);
  await page.getByRole('button', { name: `Share ${matchTitle}`, exact: true }).click();
  const share = await visible(page.getByRole('dialog', { name: 'Share content' }));
  const blocked = await visible(share.getByText(DAILY_LIMIT_REACHED, { exact: true }));
  await expectInViewport(page, blocked, viewport, 'the daily share limit notice');
  await expectInViewport(page, share.getByRole('button', { name: 'Upgrade to Premium' }), viewport, "the share limit's upgrade button");
  assert.equal(await share.getByRole('checkbox').count(), 0, `${viewport.label}: the share window offers contacts it would refuse`);
  assert.equal(await share.getByRole('button', { name: 'Share', exact: true }).isEnabled().catch(() => false), false);
  if (audit) await audit.scan(page, `Share content at the daily limit (${viewport.label})`);
  await page.keyboard.press('Escape');
  await share.waitFor({ state: 'detached' });

  // 4: Manage → Analytics follows a share made elsewhere, without a reload.
  await showStep(page, 2);
  await page.getByRole('region', { name: /^Step 2:/ }).getByRole('button', { name: 'Manage', exact: true }).click();
  const manage = await visible(page.getByRole('dialog', { name: 'Manage Content' }));
  await manage.getByRole('tab', { name: 'Analytics' }).click();
  const row = manage.getByRole('row').filter({ hasText: cast.ownLive.title }).first();
  await visible(row);
  const sharesBefore = await row.getByRole('cell').nth(2).innerText();
  const friend = await api.addContact(partner, 'Friend of Pat', `${unique('j21f')}@e2e.example.com`);
  await api.call('POST', `/content/${cast.ownLive.id}/share/`, { token: partner.token, json: { contact_ids: [friend] } });
  await waitFor(async () => (await row.getByRole('cell').nth(2).innerText()) !== sharesBefore, {
    what: `${viewport.label}: the Analytics row's shares to follow the partner's share (was ${sharesBefore})`,
  });
  await page.keyboard.press('Escape');
  await manage.waitFor({ state: 'detached' });

  // 10: a user's flag shows on the owner's item as "Reported", live.
  await api.call('POST', '/flags/', { token: partner.token, json: { content_id: cast.ownLive.id, reason: 'Looks like spam to me' } });
  const liveCard = own.getByRole('listitem').filter({ hasText: cast.ownLive.title });
  await visible(liveCard.getByText('Reported', { exact: true }));

  // 9: "Mark as read" keeps the focus in Notifications (the partner's share notified the creator); Escape closes it.
  await sidebarEntry(page, /^Notifications/).click();
  const notifications = await visible(page.getByRole('dialog', { name: 'Notifications' }));
  await notifications.getByRole('button', { name: 'Mark as read' }).first().click();
  await page.waitForTimeout(300);
  if (audit) await audit.scan(page, `Notifications after Mark as read (${viewport.label})`);
  await escapeCloses(page, notifications, `${viewport.label}: Mark as read`);

  // 8: Free's Audience Scores tab is Premium's, with the way to it; so is the conversion snippet.
  await sidebarEntry(page, 'Contacts').click();
  const contacts = await visible(page.getByRole('dialog', { name: 'Contacts' }));
  await contacts.getByRole('tab', { name: 'Audience Scores' }).click();
  await visible(contacts.getByRole('button', { name: 'Upgrade to Premium' }));
  assert.equal(await contacts.getByRole('table').count(), 0, `${viewport.label}: Free sees the Audience Scores table`);
  if (audit) await audit.scan(page, `Contacts › Audience Scores, Free (${viewport.label})`);
  await page.keyboard.press('Escape');
  await contacts.waitFor({ state: 'detached' });
  const snippet = await api.call<{ detail: string }>('GET', `/content/${cast.ownLive.id}/conversion-snippet/`, { token: creator.token, expect: 403 });
  assert.equal(snippet.detail, 'Conversion tracking is a Premium feature.');

  // 8: the upsell lists only what Premium adds (Content Discovery and the Audience Score are Free's too).
  await showStep(page, 1);
  await page.getByLabel('View', { exact: true }).selectOption('rankedContent');
  const upsell = await visible(page.getByRole('dialog', { name: 'Go Premium' }));
  const perks = await upsell.getByRole('list', { name: 'Premium features' }).innerText();
  assert.doesNotMatch(perks, /Content Discovery|^Audience Score$/m, `${viewport.label}: the upsell sells Free features`);
  assert.match(perks, /Contact Quality Scoring/);
  await page.keyboard.press('Escape');
  await upsell.waitFor({ state: 'detached' });
  // 6: /success without a checkout session speaks English and says what to do next (only SPEC's toasts are Spanish).
  await page.goto('/success');
  const main = await visible(page.getByRole('main'));
  await visible(main.getByRole('link', { name: 'Go to my workspace' }));
  await visible(main.getByRole('link', { name: /pricing/i }));
  assert.doesNotMatch(await main.innerText(), /No se pudo confirmar el pago|Volver a precios/, `${viewport.label}: /success is a Spanish page`);
  if (audit) await audit.scan(page, `/success without a checkout session (${viewport.label})`);
  await journey.screenshot(page, `-${viewport.width}`);
}

/** 10: an expired stored token sends no API call and ends with the one session message, no stray toast. */
async function expiredToken(journey: Journey, viewport: Viewport, cast: Cast): Promise<void> {
  const page = await journey.newPage({ viewport });
  const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const expired = `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: cast.creator.user.id, exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
  await page.addInitScript(
    ([token, user]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', token!);
        localStorage.setItem('user', user!);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [expired, JSON.stringify(cast.creator.user)],
  );
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.headers().authorization) apiCalls.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto('/app/home');
  await pathIs(page, '/login');
  await visible(message(page, 'Session expired. Please log in again.'));
  await page.waitForTimeout(500);
  assert.deepEqual(apiCalls, [], `${viewport.label}: calls sent with an expired token`);
  assert.equal(await page.getByText('Failed to fetch remaining shuffles.').count(), 0);
}

export async function uiTrustJourney(journey: Journey, api: Api): Promise<void> {
  const audit = new AccessibilityAudit();
  for (const [index, viewport] of VIEWPORTS.entries()) {
    const cast = await setUp(api, `${index}`);
    // axe at both sizes for the dialogs; the outside pages once.
    await outsideTheApp(journey, api, viewport, index === 0 ? audit : null);
    await inTheWorkspace(journey, api, viewport, cast, audit);
    await expiredToken(journey, viewport, cast);
  }
  audit.assertNoSeriousViolations();
}

/**
 * Journey: Premium audience insights. A Premium creator who exchanged shares with a partner (each shared the
 * other's content) opens Audience insights from the Premium panel and sees the partner, with the overlap of
 * both lists as they stood at 00:00 UTC: lists made today are not compared before tomorrow, so the card says
 * why no numbers are shown (or shows them, when the run crossed midnight). The answer carries no e-mail. A
 * Free creator sees the upsell, and the page fits a 390 px phone.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Api, Session } from '../support/api.ts';
import { AccessibilityAudit } from '../support/axe.ts';
import { loginViaUi, pathIs, visible, type Journey } from '../support/browser.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PROFILE = { name: 'Insights E2E', bio: 'Testing audience insights.', categories: ['technology'], interests: ['AI'], content_type: 'article' };

/** Adds the contacts together (the server queues the commands of one contact list), in the order given. */
function addContacts(api: Api, session: Session, emails: string[]): Promise<string[]> {
  return Promise.all(emails.map((email) => api.addContact(session, 'Reader', email)));
}

const emails = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}@insights.example.com`);

async function fitsWidth(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
  assert.ok(scrollWidth <= width, `the page is ${scrollWidth}px wide at a ${width}px viewport`);
}

export async function audienceInsightsJourney(journey: Journey, api: Api): Promise<void> {
  const [ann, bob, fay] = [await api.signUp('e2e-ins-ann', PROFILE), await api.signUp('e2e-ins-bob', PROFILE), await api.signUp('e2e-ins-fay', PROFILE)];
  await api.upgradeToPremium(ann);
  // 5 readers both know; 12 contacts for ann, 20 for bob.
  const common = emails('common', 5);
  const annContacts = await addContacts(api, ann, [...common, ...emails('ann', 7)]);
  const bobContacts = await addContacts(api, bob, [...common, ...emails('bob', 15)]);
  const bobContent = await api.submitContent(bob, {
    title: 'Bob on engines',
    description: 'A post about engines.',
    url: 'https://example.com/bob-engines',
    content_type: 'article',
    categories: ['technology'],
  });
  await api.call('POST', `/content/${bobContent}/share/`, { token: ann.token, json: { contact_ids: [annContacts[0]] } });

  // One of ann's contacts opens a link to ann's own post (a person's browser, so it counts).
  const annPost = await api.submitContent(ann, {
    title: 'Ann on science',
    description: 'A post about science.',
    url: 'https://example.com/ann-science',
    content_type: 'article',
    categories: ['science'],
  });
  // Bob shares ann's post too: partners are creators who shared each other's content.
  await api.call('POST', `/content/${annPost}/share/`, { token: bob.token, json: { contact_ids: [bobContacts[5]] } });
  const link = await api.call<{ short_code: string }>('POST', '/links/', { token: ann.token, json: { content_id: annPost } });
  const click = await fetch(`${api.baseUrl}/links/${link.short_code}?c=${annContacts[1]}`, { headers: { 'user-agent': BROWSER }, redirect: 'manual' });
  assert.equal(click.status, 302);

  // The server's answer: bob, compared as of 00:00 UTC today, and no e-mail.
  const raw = await api.call<{ partner_id: string; status: string; lists_as_of: string }[]>('GET', '/analytics/audience/overlap', { token: ann.token });
  assert.ok(!JSON.stringify(raw).includes('@'), 'no e-mail in the overlap answer');
  assert.deepEqual(raw.map((item) => item.partner_id), [bob.user.id]);
  // Contacts added today count from tomorrow's snapshot (unless this run crossed midnight UTC since they were added).
  const compared = raw[0]!.status === 'shown';
  assert.equal(raw[0]!.status, compared ? 'shown' : 'your_audience_small');

  // Ann opens it from the Premium panel. (bypassCSP lets axe-core be injected, as in the accessibility journey.)
  const audit = new AccessibilityAudit();
  const page = await journey.newPage({ tourDoneFor: [ann.user.id], bypassCSP: true });
  await loginViaUi(page, ann.username, ann.password);
  await page.getByRole('button', { name: 'Premium' }).click();
  await page.getByRole('link', { name: 'Open Audience insights' }).click();
  await pathIs(page, '/app/audience-insights');
  const card = page.getByRole('listitem', { name: bob.username });
  await visible(page.getByText(/^Both contact lists as they stood at 00:00 UTC on /));
  if (compared) {
    await visible(card.getByText('Shared contacts'));
    await visible(card.getByText('5', { exact: true }));
    await visible(card.getByText('42%'));
    await visible(card.getByText('25%'));
    await visible(card.getByText(/compared by a one-way hash; neither side sees the other.s contacts\./));
  } else {
    await visible(card.getByText(/^Add at least 10 contacts to compare your audience \(contacts added today count from tomorrow\)/));
  }
  const categories = page.getByRole('list', { name: 'Clicks by category' });
  await visible(categories.getByText('science'));
  await visible(categories.getByText('1 click · 100%'));
  await audit.scan(page, '/app/audience-insights (Premium)');
  await journey.screenshot(page);

  // On a phone it fits the width.
  const phone = await journey.newPage({ tourDoneFor: [ann.user.id], viewport: { width: 390, height: 844 } });
  await loginViaUi(phone, ann.username, ann.password);
  await phone.goto('/app/audience-insights');
  await visible(phone.getByRole('listitem', { name: bob.username }).getByText(compared ? '42%' : /^Add at least 10 contacts/));
  await fitsWidth(phone, 390);
  await journey.screenshot(phone, '-390');

  // A Free creator sees the upsell; the server refuses them too.
  await api.call('GET', '/analytics/audience/overlap', { token: fay.token, expect: 403 });
  const free = await journey.newPage({ tourDoneFor: [fay.user.id], bypassCSP: true });
  await loginViaUi(free, fay.username, fay.password);
  await free.goto('/app/audience-insights');
  await visible(free.getByRole('link', { name: 'Upgrade to Premium' }));
  await fitsWidth(free, 1280);
  await journey.screenshot(free, '-free');
  await audit.scan(free, '/app/audience-insights (Free)');
  audit.assertNoSeriousViolations();
}

/**
 * Journey 4: a visitor joins the waitlist and gets a referral link (/waitlist?ref={code}); a second
 * visitor, in another browser context, joins through that link and confirms their e-mail with the link
 * e-mailed to them (DATA_DIR/mail); only then do the first visitor's referrals go up. Typing the first
 * visitor's address under 'Check my position' shows the second visitor the position only, never the first
 * visitor's referral link (issue 23, finding 7).
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { unique, type Api } from '../support/api.ts';
import { message, textMatches, visible, type Journey } from '../support/browser.ts';
import { findLink, waitForMail } from '../support/mail.ts';
import { waitFor } from '../support/wait.ts';

const JOINED = 'Almost there! Check your email to confirm your spot.';

async function join(page: Page, name: string, email: string): Promise<void> {
  const form = await visible(page.getByRole('form', { name: 'Join the waitlist' }));
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Join the Waitlist' }).click();
  await visible(message(page, JOINED));
}

/** The value (`<dd>`) shown for a `<dt>` label in a stats list. */
const stat = (scope: Locator | Page, label: string): Locator =>
  scope.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

/** The referrals of a referral code, as its public link shows them (POST /api/waitlist/referral). */
const referralsOf = async (api: Api, code: string): Promise<number> =>
  (await api.call<{ referrals: number }>('POST', '/api/waitlist/referral', { json: { referral_code: code } })).referrals;

export async function waitlistReferralJourney(journey: Journey, api: Api): Promise<void> {
  const firstEmail = `${unique('early')}@e2e.example.com`;
  const secondEmail = `${unique('friend')}@e2e.example.com`;

  const first = await journey.newPage();
  await first.goto('/');
  await first.waitForURL((url) => url.pathname === '/waitlist');
  await join(first, 'Erin Early', firstEmail);
  await textMatches(stat(first, 'Referrals'), /^0$/);
  const link = await first.getByLabel('Your referral link').inputValue();
  const code = /\/waitlist\?ref=([A-Za-z0-9_-]+)$/.exec(link)?.[1];
  assert.ok(code, `a referral link of the shape /waitlist?ref={code}: ${link}`);
  assert.equal(new URL(link).origin, journey.app.url);

  // A friend opens the link in their own browser and joins.
  const second = await journey.newPage();
  await second.goto(link);
  await visible(second.getByText(code, { exact: true }));
  await join(second, 'Finn Friend', secondEmail);
  await journey.screenshot(second, '-friend');

  // A referral counts once the friend's e-mail is confirmed: nothing yet.
  assert.equal(await referralsOf(api, code), 0);
  const mail = await waitForMail(journey.app.mailDir, secondEmail, /\/api\/waitlist\/confirm\?/);
  await second.goto(findLink(mail.text, /\/api\/waitlist\/confirm\?/));
  await second.waitForURL((url) => url.pathname === '/waitlist');
  await waitFor(async () => ((await referralsOf(api, code)) === 1 ? true : undefined), { timeoutMs: 20_000, what: 'the referral credit' });

  // The first visitor's own card (read back by the entry's token after a reload): one referral now.
  await first.reload();
  await textMatches(stat(first.getByRole('region', { name: 'Waitlist signup' }), 'Referrals'), /^1$/);
  await journey.screenshot(first);

  // The friend types the first visitor's address under 'Check my position': the position only.
  await second.getByRole('navigation', { name: 'Waitlist tools' }).getByRole('button', { name: 'Check my position' }).click();
  const dialog = await visible(second.getByRole('dialog', { name: 'Your waitlist position' }));
  await dialog.getByLabel('Email').fill(firstEmail);
  await dialog.getByRole('button', { name: 'Check position' }).click();
  await textMatches(stat(dialog, 'Position'), /^#\d+$/);
  await visible(dialog.getByText(/We sent a link to your waitlist entry to this address/));
  assert.equal(await dialog.getByLabel('Your referral link').count(), 0, "no one else's referral link");
  assert.equal(await dialog.getByText(code).count(), 0);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  // 'My referral link' is the friend's own, not the first visitor's.
  await second.getByRole('navigation', { name: 'Waitlist tools' }).getByRole('button', { name: 'My referral link' }).click();
  const referral = await visible(second.getByRole('dialog', { name: 'Referral link' }));
  const own = await referral.getByLabel('Your referral link').inputValue();
  assert.notEqual(own, link, "the friend's referral link is their own");
  await journey.screenshot(second, '-lookup');
}

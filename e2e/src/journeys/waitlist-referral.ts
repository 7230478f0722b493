/**
 * Journey 4: a visitor joins the waitlist and gets a referral link (/waitlist?ref={code}); a second
 * visitor, in another browser context, joins through that link and confirms their e-mail with the link
 * e-mailed to them (DATA_DIR/mail); only then do the first visitor's referrals go up.
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
  assert.equal((await api.waitlistStatus(firstEmail)).referrals, 0);
  const mail = await waitForMail(journey.app.mailDir, secondEmail, /\/api\/waitlist\/confirm\?/);
  await second.goto(findLink(mail.text, /\/api\/waitlist\/confirm\?/));
  await second.waitForURL((url) => url.pathname === '/waitlist');
  await waitFor(async () => ((await api.waitlistStatus(firstEmail)).referrals === 1 ? true : undefined), { timeoutMs: 20_000, what: 'the referral credit' });

  // The first visitor checks their position: one referral now.
  await first.getByRole('region', { name: 'Waitlist signup' }).getByRole('button', { name: 'Check my position' }).click();
  const dialog = await visible(first.getByRole('dialog', { name: 'Your waitlist position' }));
  await textMatches(stat(dialog, 'Referrals'), /^1$/);
  assert.equal((await api.waitlistStatus(firstEmail)).referrals, 1);
  await journey.screenshot(first);
}

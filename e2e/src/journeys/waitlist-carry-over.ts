/**
 * Journey 8: a waitlist member signs up and has the promised tier (issue 11 part 5). A visitor joins the
 * waitlist, confirms with the link e-mailed to them (DATA_DIR/mail), sees the position card again after a
 * reload, then signs up with the same address in the same browser: the sign-up says "Waitlist #N: lifetime
 * Premium", the account keeps the waitlist's referral code, and the plan panel offers no upgrade.
 */
import assert from 'node:assert/strict';
import { unique, type Api } from '../support/api.ts';
import { message, pathIs, textMatches, visible, type Journey } from '../support/browser.ts';
import { findLink, waitForMail } from '../support/mail.ts';

const PASSWORD = 'Str0ng!Passw0rd-e2e';

export async function waitlistCarryOverJourney(journey: Journey, api: Api): Promise<void> {
  const username = unique('wlmember').slice(0, 32);
  const email = `${username}@e2e.example.com`;
  const page = await journey.newPage();

  await page.goto('/waitlist');
  const form = await visible(page.getByRole('form', { name: 'Join the waitlist' }));
  await form.getByLabel('Name').fill('Wendy Waitlist');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Join the Waitlist' }).click();
  await visible(message(page, 'Almost there! Check your email to confirm your spot.'));
  const card = page.getByRole('region', { name: 'Waitlist signup' });
  const positionText = await textMatches(card.locator('xpath=.//dt[normalize-space()="Your position"]/following-sibling::dd[1]'), /^#\d+$/);
  const position = Number(positionText.slice(1));
  const link = await page.getByLabel('Your referral link').inputValue();
  const code = /\/waitlist\?ref=([A-Za-z0-9_-]+)$/.exec(link)?.[1];
  assert.ok(code, `a referral link: ${link}`);

  // The mailbox's reader follows the e-mailed link in this browser; a reload keeps the card.
  const mail = await waitForMail(journey.app.mailDir, email, /\/api\/waitlist\/confirm\?/);
  await page.goto(findLink(mail.text, /\/api\/waitlist\/confirm\?/));
  await pathIs(page, '/waitlist');
  await visible(card.getByText(/Your email is confirmed/));
  await page.reload();
  await visible(card.getByText(/Your email is confirmed/));
  await visible(card.getByText(`#${position}`, { exact: true }));

  // Sign up with the same address: the tier comes along.
  const expected = position <= 100 ? `Waitlist #${position}: lifetime Premium` : 'Waitlist: one month of Premium free';
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await visible(message(page, 'Signup successful! Redirecting...'));
  await visible(page.getByTestId('waitlist-tier').filter({ hasText: expected }));

  const { token, user } = await api.login(username, PASSWORD);
  assert.equal(user.is_premium, true);
  assert.equal(user.referral_code, code, 'the account keeps the waitlist referral code');
  if (position <= 100) {
    assert.equal(user.premium_lifetime, true);
    assert.equal(user.premium_until, null);
  }
  assert.ok((await api.notifications(token)).some((item) => item.message === expected), 'a notification tells the tier');

  // In the workspace, the plan panel shows the tier and no upgrade offer.
  await api.call('POST', '/profiles/', {
    token,
    json: { name: 'Wendy Waitlist', bio: 'Early member.', categories: ['tech'], interests: ['Web'], content_type: 'article' },
  });
  await page.evaluate((id) => localStorage.setItem(`hasCompletedTour-${id}`, 'true'), user.id);
  await page.goto('/app/home');
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name: 'Premium' }).click();
  const plan = await visible(page.getByRole('dialog', { name: 'Choose Your Plan' }));
  await visible(plan.getByTestId('waitlist-tier').filter({ hasText: expected }));
  assert.equal(await plan.getByRole('button', { name: 'Upgrade to Premium' }).count(), 0, 'no upsell for a member who has Premium');
  await journey.screenshot(page);
}

/** Journey 6: forgot password → the e-mailed link (DATA_DIR/mail) → reset → login with the new password. */
import type { Api } from '../support/api.ts';
import { loginViaUi, message, pathIs, visible, type Journey } from '../support/browser.ts';
import { findLink, waitForMail } from '../support/mail.ts';

const NEW_PASSWORD = 'Fresh#Start2026';

export async function passwordResetJourney(journey: Journey, api: Api): Promise<void> {
  const session = await api.signUp('e2e-reset', {
    name: 'Rita Reset',
    bio: 'Forgets passwords, never deadlines.',
    categories: ['business'],
    interests: ['Productivity'],
    content_type: 'article',
  });
  const page = await journey.newPage({ tourDoneFor: [session.user.id] });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await pathIs(page, '/forgot-password');
  await page.getByLabel('Email').fill(session.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await visible(message(page, 'Check your inbox for a password reset link.'));

  // The reset e-mail (the account confirmation e-mail of the same address also names the user, e2e-reset-…).
  const mail = await waitForMail(journey.app.mailDir, session.email, /\/reset-password\?token=/);
  const link = findLink(mail.text, /\/reset-password\?token=/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await visible(message(page, 'Your password has been reset successfully.'));
  // SPEC §4: the login page follows after 3 seconds.
  await pathIs(page, '/login', 10_000);

  // The old password no longer works, the new one does.
  await page.getByLabel('Username').fill(session.username);
  await page.getByLabel('Password', { exact: true }).fill(session.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await visible(message(page, 'Incorrect username or password.'));
  await pathIs(page, '/login');
  await loginViaUi(page, session.username, NEW_PASSWORD);
  await visible(page.getByRole('heading', { name: 'Your workspace' }));
  await journey.screenshot(page);
}

/**
 * Journey 5: pricing → upgrade → simulated hosted checkout → /success → Premium features unlocked.
 * A visitor is first sent to log in (SPEC §2 Pricing upgrade flow) and comes back to /pricing.
 */
import assert from 'node:assert/strict';
import type { Api } from '../support/api.ts';
import { message, pathIs, textMatches, visible, type Journey } from '../support/browser.ts';

export async function premiumUpgradeJourney(journey: Journey, api: Api): Promise<void> {
  const session = await api.signUp('e2e-premium', {
    name: 'Pia Premium',
    bio: 'Photographer trying Premium.',
    categories: ['art'],
    interests: ['Photography'],
    content_type: 'image',
  });
  const page = await journey.newPage({ tourDoneFor: [session.user.id] });
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });

  // A visitor pressing upgrade is asked to log in, and comes back to the pricing page.
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await visible(message(page, 'Please log in to upgrade to Premium.'));
  await pathIs(page, '/login');
  await page.getByLabel('Username').fill(session.username);
  await page.getByLabel('Password', { exact: true }).fill(session.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await pathIs(page, '/pricing');

  // Free before paying: the workspace counts shuffles.
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await page.waitForURL(/\/simulated-checkout\//);
  await visible(page.getByText('$12 USD/month'));
  await page.getByRole('button', { name: 'Pay' }).click();

  // /success?session_id=… refreshes the user, toasts in Spanish, then opens the workspace.
  await visible(message(page, '¡Pago completado! Ya eres Premium.'));
  await pathIs(page, '/app/home');
  assert.ok(
    visited.some((url) => /\/success\?session_id=[^&]+/.test(url)),
    `the checkout returned through /success?session_id=…; visited: ${visited.join(', ')}`,
  );

  // Premium is unlocked: unlimited shuffles, and the server agrees.
  await textMatches(page.getByRole('button', { name: /^Shuffl/ }), /Unlimited/);
  assert.equal((await api.me(session.token)).is_premium, true);
  await journey.screenshot(page);
}

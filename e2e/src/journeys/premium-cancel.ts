/**
 * Journey: a Premium subscriber opens the plan window (renewal date), goes to the simulated billing portal
 * through 'Manage subscription', cancels, and is back in the app with 'Cancels on …' and Premium still on
 * until then (issue 23, finding 8).
 */
import assert from 'node:assert/strict';
import type { Api } from '../support/api.ts';
import { loginViaUi, pathIs, textMatches, visible, type Journey } from '../support/browser.ts';

export async function premiumCancelJourney(journey: Journey, api: Api): Promise<void> {
  const session = await api.signUp('e2e-cancel', {
    name: 'Cleo Cancel',
    bio: 'Trying Premium for a month.',
    categories: ['art'],
    interests: ['Photography'],
    content_type: 'image',
  });
  await api.upgradeToPremium(session);
  const page = await journey.newPage({ tourDoneFor: [session.user.id] });
  await loginViaUi(page, session.username, session.password);

  // The plan window names the renewal date and offers the portal.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name: 'Premium' }).click();
  let plan = await visible(page.getByRole('dialog', { name: 'Choose Your Plan' }));
  await textMatches(plan.getByTestId('plan-billing'), /^Renews on .+\.$/);
  await visible(plan.getByRole('link', { name: /^Receipt for / }));
  await plan.getByRole('button', { name: 'Manage subscription' }).click();

  // The simulated portal: cancel at the period end.
  await page.waitForURL(/\/simulated-portal\/bps_sim_/);
  await visible(page.getByText(/^Renews on /));
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await visible(page.getByText(/^Cancels on /));
  await visible(page.getByRole('button', { name: 'Resume subscription' }));
  await journey.screenshot(page);
  await page.getByRole('link', { name: 'Return to Crossfeed' }).click();
  await pathIs(page, '/app/home');

  // Back in the app: 'Cancels on …', still Premium, and the server agrees.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name: 'Premium' }).click();
  plan = await visible(page.getByRole('dialog', { name: 'Choose Your Plan' }));
  await textMatches(plan.getByTestId('plan-billing'), /^Cancels on .+\. Premium stays on until then\.$/);
  const subscription = await api.call<{ cancels_on: string | null; is_premium: boolean }>('GET', '/api/subscription', { token: session.token });
  assert.ok(subscription.cancels_on, 'the subscription cancels at its period end');
  assert.equal(subscription.is_premium, true);
  assert.equal((await api.me(session.token)).premium_until, subscription.cancels_on);
  await journey.screenshot(page);
}

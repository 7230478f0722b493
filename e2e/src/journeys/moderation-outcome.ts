/**
 * Journey 19 (issue 23, finding 3): moderation that sticks. The admin puts flagged content under review,
 * then deletes its only flag: the report asks what becomes of the content, the admin keeps its status, and
 * the "Moderated content" view still reaches it, where the admin approves it. The owner then no longer
 * sees it under review. The demo admin (SEED_DEMO) is the admin.
 */
import assert from 'node:assert/strict';
import { unique, type Api } from '../support/api.ts';
import { loginViaUi, message, visible, type Journey } from '../support/browser.ts';
import { waitFor } from '../support/wait.ts';

const ADMIN = { username: 'admin', password: 'Admin#Demo2026' };

export async function moderationOutcomeJourney(journey: Journey, api: Api): Promise<void> {
  const profile = { bio: 'Writes about gardens.', categories: ['science'], interests: ['Biology'], content_type: 'article' };
  const owner = await api.signUp('e2e-gardener', { name: 'Gus Gardener', ...profile });
  const title = `Composting myths ${unique('j19')}`;
  const contentId = await api.submitContent(owner, {
    title,
    description: 'What rots and what does not.',
    url: `https://example.com/e2e/${encodeURIComponent(title)}`,
    content_type: 'article',
    categories: ['science'],
  });
  const flagger = await api.signUp('e2e-skeptic', { name: 'Sky Skeptic', ...profile });
  await api.call('POST', '/flags/', { token: flagger.token, json: { content_id: contentId, reason: 'Copied from a textbook.' }, expect: 201 });
  const admin = await api.login(ADMIN.username, ADMIN.password);
  /** The content as its owner sees it. */
  const ownerView = () => api.call<{ under_review: boolean; moderation_status: string | null }>('GET', `/content/${contentId}`, { token: owner.token });

  const page = await journey.newPage({ tourDoneFor: [admin.user.id] });
  await loginViaUi(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin-report');
  const row = await visible(page.getByRole('row', { name: new RegExp(title) }));

  // The admin puts it under review.
  await row.getByLabel(`Status of "${title}"`).selectOption('under_review');
  const confirmStatus = await visible(page.getByRole('dialog', { name: 'Change content status' }));
  await visible(confirmStatus.getByText('Are you sure you want to change the status to "under_review"?'));
  await confirmStatus.getByRole('button', { name: 'Change status' }).click();
  await visible(message(page, 'Content status updated successfully.'));
  await waitFor(async () => (await row.getByLabel(`Status of "${title}"`).inputValue()) === 'under_review', { what: 'the select to show under_review' });

  // Deleting its only flag asks for the outcome instead of stranding it.
  await row.getByRole('button', { name: new RegExp(`^Delete flag on "${title}"`) }).click();
  await (await visible(page.getByRole('dialog', { name: 'Delete flag' }))).getByRole('button', { name: 'Delete flag' }).click();
  const ask = await visible(page.getByRole('dialog', { name: 'Content under review' }));
  await visible(ask.getByText(`This is the last flag on "${title}", which is under review. Approve the content, or keep its status?`));
  await journey.screenshot(page, '-outcome');
  await ask.getByRole('button', { name: 'Keep status' }).click();
  await visible(message(page, 'Flag deleted successfully.'));
  await waitFor(async () => (await page.getByRole('row', { name: new RegExp(title) }).count()) === 0, { what: 'the flag row to go' });
  assert.equal((await ownerView()).under_review, true, 'kept under review');

  // The "Moderated content" view still reaches it; the admin approves it there.
  await page.getByRole('tab', { name: 'Moderated content' }).click();
  const item = await visible(page.getByRole('row', { name: new RegExp(title) }));
  await waitFor(async () => !(await page.getByRole('tabpanel', { name: 'Flags' }).isVisible()), { what: 'the Flags view to hide' });
  await visible(item.getByText(owner.username, { exact: true }));
  await item.getByLabel(`Status of "${title}"`).selectOption('approved');
  const confirmApprove = await visible(page.getByRole('dialog', { name: 'Change content status' }));
  await visible(confirmApprove.getByText('Are you sure you want to change the status to "approved"?'));
  await confirmApprove.getByRole('button', { name: 'Change status' }).click();
  await waitFor(async () => (await item.getByLabel(`Status of "${title}"`).inputValue()) === 'approved', { what: 'the select to show approved' });
  await journey.screenshot(page);

  const content = await ownerView();
  assert.equal(content.under_review, false);
  assert.equal(content.moderation_status, 'approved');
}

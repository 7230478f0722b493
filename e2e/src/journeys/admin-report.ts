/**
 * Journey 3: a non-admin opening /admin-report is refused (toast and /not-authorized); the admin has the
 * report open while a creator flags content in another context, sees the flag arrive live, and changes
 * the content's moderation status. The "New flag" note goes away by itself (issue 24 item 10). A second item
 * of the owner is removed by the admin and leaves the owner's open workspace without a reload. The demo
 * admin (SEED_DEMO) is the admin.
 */
import assert from 'node:assert/strict';
import { unique, type Api } from '../support/api.ts';
import { loginViaUi, message, pathIs, visible, type Journey } from '../support/browser.ts';
import { waitFor } from '../support/wait.ts';

const ADMIN = { username: 'admin', password: 'Admin#Demo2026' };
/** Flagged by the demo seed, so a loaded report is never empty. */
const SEEDED_FLAG_TITLE = 'Running a one-person business';

export async function adminReportJourney(journey: Journey, api: Api): Promise<void> {
  const profile = { bio: 'Coaches kettlebell classes.', categories: ['health'], interests: ['Fitness'], content_type: 'video' };
  const owner = await api.signUp('e2e-coach', { name: 'Cole Coach', ...profile });
  const title = `Kettlebell basics ${unique('j3')}`;
  const contentId = await api.submitContent(owner, {
    title,
    description: 'Five moves for beginners.',
    url: `https://example.com/e2e/${encodeURIComponent(title)}`,
    content_type: 'video',
    categories: ['health', 'fitness'],
  });
  const removedTitle = `Kettlebell myths ${unique('j3gone')}`;
  const removedId = await api.submitContent(owner, {
    title: removedTitle,
    description: 'Three myths, debunked.',
    url: `https://example.com/e2e/${encodeURIComponent(removedTitle)}`,
    content_type: 'video',
    categories: ['health', 'fitness'],
  });
  const flagger = await api.signUp('e2e-flagger', { name: 'Fay Flagger', ...profile });
  const admin = await api.login(ADMIN.username, ADMIN.password);

  // A non-admin is refused the report.
  const flaggerPage = await journey.newPage({ tourDoneFor: [flagger.user.id] });
  await loginViaUi(flaggerPage, flagger.username, flagger.password);
  await flaggerPage.goto('/admin-report');
  await visible(message(flaggerPage, 'Access denied. Admins only.'));
  await pathIs(flaggerPage, '/not-authorized');
  await visible(flaggerPage.getByRole('heading', { name: '403 - Not Authorized' }));
  await journey.screenshot(flaggerPage, '-refused');

  // The admin has the report open, loaded, without the new content.
  const adminPage = await journey.newPage({ tourDoneFor: [admin.user.id] });
  await loginViaUi(adminPage, ADMIN.username, ADMIN.password);
  await adminPage.goto('/admin-report');
  await visible(adminPage.getByRole('row', { name: new RegExp(SEEDED_FLAG_TITLE) }));
  assert.equal(await adminPage.getByRole('row', { name: new RegExp(title) }).count(), 0);
  let reloads = 0;
  adminPage.on('load', () => reloads++);

  // The creator flags the content from their workspace.
  await flaggerPage.goto('/app/home');
  await flaggerPage.getByRole('button', { name: `Flag ${title}` }).click();
  const flagDialog = await visible(flaggerPage.getByRole('dialog', { name: 'Flag content' }));
  await flagDialog.getByLabel('Why are you flagging this content?').fill('The video is a copy of someone else’s class.');
  await flagDialog.getByRole('button', { name: 'Flag', exact: true }).click();
  await visible(message(flaggerPage, 'Content flagged successfully.'));

  // It appears on the admin's report without a reload.
  const row = await visible(adminPage.getByRole('row', { name: new RegExp(title) }));
  assert.equal(reloads, 0, 'the admin page did not reload');
  await visible(row.getByText(flagger.username, { exact: true }));
  // The screen-reader note of the new flag goes with its highlight, after a few seconds.
  assert.equal(await adminPage.getByText(`New flag: ${title}`, { exact: true }).count(), 1);
  await adminPage.getByText(`New flag: ${title}`, { exact: true }).waitFor({ state: 'detached', timeout: 10_000 });

  // The admin approves the content, after the confirmation.
  await row.getByLabel(`Status of "${title}"`).selectOption('approved');
  const confirm = await visible(adminPage.getByRole('dialog', { name: 'Change content status' }));
  await visible(confirm.getByText('Are you sure you want to change the status to "approved"?'));
  await confirm.getByRole('button', { name: 'Change status' }).click();
  await visible(message(adminPage, 'Content status updated successfully.'));
  await waitFor(async () => (await row.getByLabel(`Status of "${title}"`).inputValue()) === 'approved', { what: 'the select to show approved' });
  const flags = await api.flags(admin.token);
  assert.equal(flags.find((flag) => flag.content_id === contentId)?.content.status, 'approved');
  await journey.screenshot(adminPage);

  // The owner has the workspace open; the admin removes their other item (flagged too): it leaves the
  // owner's list without a reload.
  const ownerPage = await journey.newPage({ tourDoneFor: [owner.user.id] });
  await loginViaUi(ownerPage, owner.username, owner.password);
  const ownList = ownerPage.getByRole('list', { name: 'Your content' });
  await visible(ownList.getByText(removedTitle, { exact: true }));
  let ownerReloads = 0;
  ownerPage.on('load', () => ownerReloads++);
  await api.call('POST', '/flags/', { token: flagger.token, json: { content_id: removedId, reason: 'Misleading claims' } });
  const removedRow = await visible(adminPage.getByRole('row', { name: new RegExp(removedTitle) }));
  await removedRow.getByRole('button', { name: `Delete content "${removedTitle}"` }).click();
  const removal = await visible(adminPage.getByRole('dialog', { name: 'Delete content' }));
  await removal.getByRole('button', { name: 'Delete content' }).click();
  await ownList.getByText(removedTitle, { exact: true }).waitFor({ state: 'detached' });
  assert.equal(ownerReloads, 0, "the owner's page did not reload");
}

/** Share e-mails end to end: HTTP share → event → dispatcher → local queue → this processor → outbox. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addContacts, submitContent } from '@crossfeed/backend/features/content/content.fixtures.ts';
import { startTestApp, type Session, type TestApp } from '@crossfeed/backend/testing/test-app.ts';
import { SHORT_LINKS } from '@crossfeed/projections/short-links/short-links.projection.ts';
import { SHARE_EMAIL_QUEUE, SHARE_EMAILS, type ShareEmailResult } from './share-email.processor.ts';

let app: TestApp;
let owner: Session;
const PUBLIC_URL = 'https://crossfeed.example';

before(async () => {
  app = await startTestApp({ PUBLIC_URL, SHARE_EMAILS_PER_CONTACT_PER_DAY: '2' }, { workers: true });
  owner = await app.register();
  await app.grantPremium(owner.user.id);
});
after(() => app.close());

async function share(sharer: Session, contentId: string, contactIds: string[]): Promise<void> {
  const response = await app.request('POST', `/content/${contentId}/share/`, { token: sharer.token, json: { contact_ids: contactIds } });
  assert.equal(response.status, 200, response.text);
  await app.settleJobs();
}

async function mailsTo(email: string): Promise<{ to: string; subject: string; text: string }[]> {
  return (await app.outbox()).filter((mail) => mail.to.includes(email));
}

async function contactEmail(id: string): Promise<string> {
  const doc = await app.ctx.readStore.collection('contacts').findOne({ _id: id });
  assert.ok(doc && typeof doc.email === 'string');
  return doc.email;
}

async function lastShareResult(): Promise<ShareEmailResult> {
  const events = await app.ctx.eventStore.readAll({ limit: 100_000 });
  const shared = events.filter((event) => event.type === 'ContentShared').at(-1);
  assert.ok(shared);
  const job = await app.jobQueue.getJob(SHARE_EMAIL_QUEUE, `share-email-${shared.id}`);
  assert.equal(job?.state, 'completed', job?.failedReason);
  return job.returnValue as ShareEmailResult;
}

describe('share e-mails (workers on)', () => {
  test('each selected contact gets one e-mail with its own tracked link; a second share sends none', async () => {
    const post = await submitContent(app, owner, { title: 'Ten tips for better posts' });
    const sharer = await app.register(); // Free: links for sharing need no Premium
    const [first, second, unselected] = await addContacts(app, sharer, 3);
    assert.ok(first && second && unselected);
    await share(sharer, post.id, [first, second]);

    const links = await app.ctx.readStore.collection(SHORT_LINKS).find({ content_id: post.id });
    assert.equal(links.length, 1, 'one short link, created for sharing');
    const code = links[0]?._id;
    for (const contactId of [first, second]) {
      const mails = await mailsTo(await contactEmail(contactId));
      assert.equal(mails.length, 1);
      assert.equal(mails[0]?.subject, `${sharer.user.username} thinks you'll like "Ten tips for better posts"`);
      assert.ok(mails[0]?.text.includes(`${PUBLIC_URL}/links/${code}?c=${contactId}`), mails[0]?.text);
    }
    assert.equal((await mailsTo(await contactEmail(unselected))).length, 0);
    // A click on a contact's link is attributed to that contact (the sharer's, not the owner's).
    const click = await app.request('GET', `/links/${code}?c=${first}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' } });
    assert.equal(click.status, 302);
    const clicks = (await app.ctx.eventStore.readStream(`content-${post.id}`)).filter((event) => event.type === 'LinkClicked');
    assert.deepEqual(clicks.map((event) => (event.data as { contactId: string | null }).contactId), [first]);
    assert.deepEqual(await lastShareResult(), { sent: 2, alreadySent: 0, overDailyCap: 0, unknownContacts: 0 });

    // The same content to the same contacts again (plus one new): only the new one is e-mailed.
    await share(sharer, post.id, [first, second, unselected]);
    assert.deepEqual(await lastShareResult(), { sent: 1, alreadySent: 0, overDailyCap: 0, unknownContacts: 0 });
    for (const contactId of [first, second, unselected]) assert.equal((await mailsTo(await contactEmail(contactId))).length, 1);
    assert.equal(await app.ctx.readStore.collection(SHARE_EMAILS).count({ content_id: post.id, status: 'sent' }), 3);
    // The link was reused, not created again.
    assert.equal(await app.ctx.readStore.collection(SHORT_LINKS).count({ content_id: post.id }), 1);
  });

  test('an existing short link of the content is reused', async () => {
    const post = await submitContent(app, owner);
    const created = await app.request('POST', '/links', { token: owner.token, json: { content_id: post.id } });
    assert.equal(created.status, 201, created.text);
    const sharer = await app.register();
    const [contact] = await addContacts(app, sharer, 1);
    assert.ok(contact);
    await share(sharer, post.id, [contact]);
    const [mail] = await mailsTo(await contactEmail(contact));
    assert.ok(mail?.text.includes(`/links/${created.body.short_code}?c=${contact}`), mail?.text);
  });

  test('a contact gets at most SHARE_EMAILS_PER_CONTACT_PER_DAY share e-mails a day', async () => {
    const sharer = await app.register();
    await app.grantPremium(sharer.user.id); // Premium shares are unlimited, so only the e-mail cap applies
    const [contact] = await addContacts(app, sharer, 1);
    assert.ok(contact);
    for (let i = 0; i < 2; i++) {
      const post = await submitContent(app, owner, { title: `Post ${i}` });
      await share(sharer, post.id, [contact]);
    }
    // The share itself is refused once the contact had the day's cap (the decider applies the same cap).
    const third = await submitContent(app, owner, { title: 'Post 2' });
    const refused = await app.request('POST', `/content/${third.id}/share/`, { token: sharer.token, json: { contact_ids: [contact] } });
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.body.detail, /already received 2 shares today/);
    await app.settleJobs();
    const mails = await mailsTo(await contactEmail(contact));
    assert.deepEqual(mails.map((mail) => mail.subject).sort(), [
      `${sharer.user.username} thinks you'll like "Post 0"`,
      `${sharer.user.username} thinks you'll like "Post 1"`,
    ]);
    assert.deepEqual(await lastShareResult(), { sent: 1, alreadySent: 0, overDailyCap: 0, unknownContacts: 0 });
  });
});

/**
 * No endpoint lets one user grow `contacts-{userId}` without bound (issue 12, finding 3): at most
 * 50,000 contacts Free and 250,000 Premium, refused with a 429 and a detail, a bulk file all or nothing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ContactAdded } from '@crossfeed/domain/contacts/contact.events.ts';
import { CONTACTS_MAX_FREE } from '@crossfeed/domain/rules/limits.ts';
import { contactsStream } from '@crossfeed/domain/shared/streams.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

/** Appends `count` contacts to the user's stream directly (as 50,000 single adds would), then waits for the read models. */
async function seedContacts(session: Session, count: number): Promise<void> {
  const now = new Date().toISOString();
  let position: string | undefined;
  for (let start = 0; start < count; start += 5000) {
    const events: ContactAdded[] = Array.from({ length: Math.min(5000, count - start) }, (_, i) => ({
      type: 'ContactAdded',
      data: { contactId: `seed-${session.user.id}-${start + i}`, userId: session.user.id, name: `Seed ${start + i}`, email: `seed${start + i}@example.com`, source: 'bulk', addedAt: now },
    }));
    position = (await app.ctx.eventStore.append(contactsStream(session.user.id), events, { expectedRevision: 'any' })).position;
  }
  assert.ok(position && (await app.ctx.readModels.waitFor(position, 60_000)), 'the read models caught up');
}

const upload = (csv: string): FormData => {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'contacts.csv');
  return form;
};

describe('the contact cap', () => {
  test(`a Free user at ${CONTACTS_MAX_FREE.toLocaleString('en-US')} contacts is refused one more (429), single or bulk, and nothing is written`, async () => {
    const session = await app.register();
    await seedContacts(session, CONTACTS_MAX_FREE - 2);

    // A file that would pass the cap adds nothing at all.
    const bulk = await app.request('POST', '/contacts/bulk', { token: session.token, body: upload('name,email\nA,a@cap.example.com\nB,b@cap.example.com\nC,c@cap.example.com') });
    assert.equal(bulk.status, 429, bulk.text);
    assert.match(bulk.body.detail, /^Contact limit reached: you can keep at most 50,000 contacts\. Delete some, or upgrade to Premium for up to 250,000\.$/);
    const total = async () => Number((await app.request('GET', '/contacts/?limit=1', { token: session.token })).headers.get('x-total-count'));
    assert.equal(await total(), CONTACTS_MAX_FREE - 2);

    // Up to the cap is fine; one past it is not.
    for (const email of ['d@cap.example.com', 'e@cap.example.com']) {
      assert.equal((await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Fits', email } })).status, 201);
    }
    const single = await app.request('POST', '/contacts/', { token: session.token, json: { name: 'One too many', email: 'f@cap.example.com' } });
    assert.equal(single.status, 429);
    assert.match(single.body.detail, /Contact limit reached/);
    assert.equal(await total(), CONTACTS_MAX_FREE);

    // Deleting one makes room again.
    const [first] = (await app.request('GET', '/contacts/?limit=1', { token: session.token })).body as { id: string }[];
    assert.equal((await app.request('DELETE', `/contacts/${first!.id}`, { token: session.token })).status, 200);
    assert.equal((await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Room', email: 'g@cap.example.com' } })).status, 201);
  });

  test('a Premium user may keep more than the Free cap', async () => {
    const session = await app.register();
    await app.grantPremium(session.user.id);
    await seedContacts(session, CONTACTS_MAX_FREE);
    const added = await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Premium', email: 'premium@cap.example.com' } });
    assert.equal(added.status, 201, added.text);
  });
});

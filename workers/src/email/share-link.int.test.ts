/** The link share e-mails carry: made once per content, decided on its stream through the command handler. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { submitContent } from '@crossfeed/backend/features/content/content.fixtures.ts';
import { startTestApp, type TestApp } from '@crossfeed/backend/testing/test-app.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { ensureShareLink } from './share-link.ts';
import type { ShareEmailJob } from './share-delivery.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const shareOf = (contentId: string, ownerId: string, sharerId: string) => ({ contentId, contentOwnerId: ownerId, sharerId, shareId: `share-${contentId}` }) as ShareEmailJob;
const now = () => new Date('2026-11-28T12:00:00.000Z');
const linksIn = async (contentId: string) =>
  (await app.ctx.eventStore.readStream(contentStream(contentId))).filter((event) => event.type === 'ShortLinkCreated').length;

describe('ensureShareLink', () => {
  test('jobs of one content racing for its first link all get the same one, made once', async () => {
    const owner = await app.register();
    const content = await submitContent(app, owner);
    const sharer = await app.register();
    const job = shareOf(content.id, owner.user.id, sharer.user.id);
    const codes = await Promise.all([1, 2, 3].map(() => ensureShareLink(app.ctx.eventStore, job, now)));
    assert.ok(codes[0]);
    assert.deepEqual(codes, [codes[0], codes[0], codes[0]]);
    assert.equal(await linksIn(content.id), 1);
    // Later shares reuse it.
    assert.equal(await ensureShareLink(app.ctx.eventStore, job, now), codes[0]);
    assert.equal(await linksIn(content.id), 1);
  });

  test('content an admin removed has no link to share', async () => {
    const owner = await app.register();
    const content = await submitContent(app, owner);
    const admin = await app.registerAdmin();
    const removed = await app.request('DELETE', `/admin/content/${content.id}`, { token: admin.token });
    assert.ok(removed.status < 300, removed.text);
    const sharer = await app.register();
    assert.equal(await ensureShareLink(app.ctx.eventStore, shareOf(content.id, owner.user.id, sharer.user.id), now), null);
    assert.equal(await linksIn(content.id), 0);
  });
});

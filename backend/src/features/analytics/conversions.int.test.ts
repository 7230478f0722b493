/** GET /conversions/ paging (the rest of the conversions API is covered by analytics.int.test.ts). */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ConversionRecorded } from '@crossfeed/domain/content/content.events.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { assertPagedList, minutesAfter, PAGED_SEED, seedEvents } from '../../testing/paged-list-checks.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

describe('GET /conversions/', () => {
  test("pages the owner's conversions newest first (ties by id) with X-Total-Count", async () => {
    const owner = await app.register();
    const other = await app.register();
    const created = await app.request('POST', '/content/', {
      token: owner.token,
      json: { title: 'Converting', description: '', url: 'https://example.com/c', content_type: 'article', categories: ['art'] },
    });
    assert.equal(created.status, 201, created.text);
    const conversion = (i: number, ownerId: string): ConversionRecorded => ({
      type: 'ConversionRecorded',
      data: {
        conversionId: `paged-${ownerId}-${String(i).padStart(4, '0')}`,
        contentId: created.body.id,
        ownerId,
        contactId: null,
        shortCode: null,
        kind: 'signup',
        value: 1,
        recordedBy: ownerId,
        recordedAt: minutesAfter('2026-01-01T00:00:00.000Z', Math.floor(i / 2)),
      },
    });
    const events = Array.from({ length: PAGED_SEED }, (_, i) => conversion(i, owner.user.id));
    await seedEvents(app, contentStream(created.body.id), [...events, conversion(0, other.user.id)]);
    const expected = events
      .map(({ data }) => data)
      .sort((a, b) => (a.recordedAt === b.recordedAt ? (a.conversionId < b.conversionId ? -1 : 1) : a.recordedAt < b.recordedAt ? 1 : -1))
      .map((data) => data.conversionId);
    await assertPagedList(app, '/conversions/', owner.token, expected);
  });
});

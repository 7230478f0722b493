import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promoStream } from '@crossfeed/domain/shared/streams.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { PROMO_CODES, promoCodesProjection, type PromoCodeDoc } from './promo-codes.projection.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-promo-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const issuedAt = '2026-11-21T10:00:00.000Z';
const redeemedAt = '2026-11-22T10:00:00.000Z';

describe('promo codes projection', () => {
  test('lists issued codes per owner and marks a redeemed one with who and when', async () => {
    const eventStore = await createSqliteEventStore({ file: path.join(dir, 'events.db') });
    const issue = (code: string) => ({
      type: 'PromoCodeIssued',
      data: { code, ownerId: 'u1', premiumDays: 7, reason: 'waitlist referral', issuedAt },
    });
    await eventStore.append(promoStream('REF-AAAAAA'), [issue('REF-AAAAAA')]);
    await eventStore.append(promoStream('REF-BBBBBB'), [issue('REF-BBBBBB')]);
    await eventStore.append(promoStream('REF-AAAAAA'), [
      { type: 'PromoCodeRedeemed', data: { code: 'REF-AAAAAA', ownerId: 'u1', redeemedBy: 'u2', premiumDays: 7, redeemedAt } },
    ]);
    const readStore = await createSqliteReadStore({ file: ':memory:' });
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [promoCodesProjection] });
    await runner.start();
    await runner.stop();

    const codes = await readStore.collection<PromoCodeDoc>(PROMO_CODES).find({ owner_id: 'u1' }, { sort: { _id: 1 }, projection: { _pos: 0 } });
    assert.deepEqual(codes, [
      {
        _id: 'REF-AAAAAA',
        owner_id: 'u1',
        premium_days: 7,
        reason: 'waitlist referral',
        redeemed: true,
        redeemed_by: 'u2',
        issued_at: issuedAt,
        redeemed_at: redeemedAt,
      },
      {
        _id: 'REF-BBBBBB',
        owner_id: 'u1',
        premium_days: 7,
        reason: 'waitlist referral',
        redeemed: false,
        redeemed_by: null,
        issued_at: issuedAt,
        redeemed_at: null,
      },
    ]);
    await eventStore.close();
  });
});

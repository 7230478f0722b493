import type { CreditWithdrawalReason, ShareSkip } from '@crossfeed/domain/users/user.events.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionHandlers } from '../projection.ts';

export const SHARES = 'shares';

/** A `shares` document: one share of one content by one user to some of their contacts. */
export interface ShareDoc extends Doc {
  content_id: string;
  content_owner_id: string;
  sharer_id: string;
  /** The contacts this share e-mailed (logs written before the exchange: every contact selected). */
  contact_ids: string[];
  /**
   * How many of `contact_ids` (the first ones) counted toward the match (`shareCredit`); absent on shares
   * made before the per-person rule.
   */
  credit?: number;
  /** Selected contacts it did not e-mail, and why. */
  skipped?: ShareSkip[];
  /** E-mailed contacts whose credit was taken back later (a bounce, a complaint, or not sent after all). */
  withdrawn?: { contactId: string; reason: CreditWithdrawalReason }[];
  note?: string | null;
  /** Sent at each contact's best time: its contacts count as their e-mails go (`granted`). */
  deferred?: boolean;
  /** Contacts of a deferred share whose e-mail went and counted. */
  granted?: string[];
  shared_at: string;
}

const handlers: ProjectionHandlers = {
  ContentShared: ({ data }) => [
    {
      op: 'upsert',
      collection: SHARES,
      id: data.shareId,
      update: {
        $set: {
          content_id: data.contentId,
          content_owner_id: data.contentOwnerId,
          sharer_id: data.sharerId,
          contact_ids: data.contactIds,
          ...(data.credit === undefined ? {} : { credit: data.credit }),
          skipped: data.skipped ?? [],
          note: data.note ?? null,
          ...(data.deferred ? { deferred: true } : {}),
          shared_at: data.sharedAt,
        },
      },
    },
  ],
  ShareCreditWithdrawn: ({ data }) => [
    { op: 'update', collection: SHARES, id: data.shareId, update: { $push: { withdrawn: { contactId: data.contactId, reason: data.reason } } } },
  ],
  ShareCreditGranted: ({ data }) =>
    data.credit === 0 ? [] : [{ op: 'update', collection: SHARES, id: data.shareId, update: { $addToSet: { granted: data.contactId } } }],
};

export const sharesProjection = defineProjection({
  name: 'shares',
  // 2: `skipped` kept; the sharer's own list by time.
  version: 2,
  collections: {
    [SHARES]: [
      // What a user already shared (matching leaves out content shared up to its required count).
      { key: { sharer_id: 1, content_id: 1 } },
      // GET /content/shares/sent: the sharer's shares, newest first.
      { key: { sharer_id: 1, shared_at: -1 } },
      // A content's shares and a creator's received shares (analytics).
      { key: { content_id: 1, shared_at: -1 } },
      { key: { content_owner_id: 1, shared_at: -1 } },
    ],
  },
  handlers,
});

/**
 * `GET /content/{id}/attribution`: for the content's owner, who brought people to it. Per sharer: the
 * shares, the contacts reached, people's clicks in all and unique (a contact's repeat clicks on one UTC
 * day count once) and conversions. Contacts are named only where they are the caller's own (the owner's
 * contacts who clicked the owner's links); other sharers' contacts stay counts. Anyone else gets 404.
 */
import { Router } from 'express';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { LINK_ENGAGEMENT, type LinkEngagementDoc } from '@crossfeed/projections/audience-scores/link-engagement.projection.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { SHARES, type ShareDoc } from '@crossfeed/projections/shares/shares.projection.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { CONTENT_NOT_FOUND, LIVE_CONTENT } from './owned-content.ts';

export interface AttributionCounts {
  clicks: number;
  unique_clicks: number;
  conversions: number;
}

export interface AttributedContactDto extends AttributionCounts {
  contact_id: string;
  name: string;
}

export interface SharerAttributionDto extends AttributionCounts {
  sharer_id: string;
  username: string;
  /** The caller (the owner, whose own contacts clicked their links). */
  is_you: boolean;
  shares: number;
  contacts_reached: number;
  /** Contacts who clicked or converted: named only when `is_you`, else null (counts only). */
  contacts: AttributedContactDto[] | null;
}

export interface ContentAttributionDto {
  content_id: string;
  title: string;
  totals: AttributionCounts & { shares: number; contacts_reached: number };
  sharers: SharerAttributionDto[];
  /** People's clicks and conversions that came without a known contact (the plain short link). */
  unattributed: AttributionCounts;
}

const zero = (): AttributionCounts => ({ clicks: 0, unique_clicks: 0, conversions: 0 });
const add = (into: AttributionCounts, doc: Pick<LinkEngagementDoc, 'clicks' | 'conversions'>): void => {
  into.clicks += doc.clicks ?? 0;
  into.unique_clicks += (doc.clicks ?? 0) > 0 ? 1 : 0;
  into.conversions += doc.conversions ?? 0;
};

export function attributionRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  router.get('/content/:id/attribution', auth, async (req, res) => {
    const user = currentUser(req);
    const contentId = String(req.params.id);
    const content = await ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: contentId, ...LIVE_CONTENT });
    if (!content || content.user_id !== user._id) throw new NotFoundError(CONTENT_NOT_FOUND);

    const shares = await ctx.readStore
      .collection<ShareDoc>(SHARES)
      .find({ content_id: contentId }, { projection: { sharer_id: 1, contact_ids: 1 } });
    const engagement = await ctx.readStore.collection<LinkEngagementDoc>(LINK_ENGAGEMENT).find({ content_id: contentId });

    // Clicks recorded before the sharer was kept: the contact's owner is the sharer.
    const unknown = [...new Set(engagement.filter((doc) => !doc.sharer_id).map((doc) => doc.contact_id))];
    const owners = new Map(
      unknown.length
        ? (await ctx.readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: unknown } }, { projection: { user_id: 1 } })).map((doc) => [doc._id, doc.user_id])
        : [],
    );

    type Row = Omit<SharerAttributionDto, 'username' | 'is_you' | 'contacts'> & { reached: Set<string>; byContact: Map<string, AttributionCounts> };
    const rows = new Map<string, Row>();
    const row = (sharerId: string): Row => {
      let entry = rows.get(sharerId);
      if (!entry) {
        entry = { sharer_id: sharerId, shares: 0, contacts_reached: 0, ...zero(), reached: new Set(), byContact: new Map() };
        rows.set(sharerId, entry);
      }
      return entry;
    };
    for (const share of shares) {
      const entry = row(share.sharer_id);
      entry.shares += 1;
      for (const id of share.contact_ids ?? []) entry.reached.add(id);
    }
    const attributed = zero();
    for (const doc of engagement) {
      const sharerId = doc.sharer_id ?? owners.get(doc.contact_id);
      if (!sharerId) continue;
      const entry = row(sharerId);
      add(entry, doc);
      add(attributed, doc);
      const perContact = entry.byContact.get(doc.contact_id) ?? zero();
      add(perContact, doc);
      entry.byContact.set(doc.contact_id, perContact);
    }

    const sharerIds = [...rows.keys()];
    const usernames = new Map(
      (await ctx.readStore.collection<UserDoc>(USERS).find({ _id: { $in: sharerIds } }, { projection: { username: 1 } })).map((doc) => [doc._id, doc.username]),
    );
    const mine = rows.get(user._id);
    const names = new Map(
      mine && mine.byContact.size
        ? (await ctx.readStore
            .collection<ContactDoc>(CONTACTS)
            .find({ _id: { $in: [...mine.byContact.keys()] }, user_id: user._id }, { projection: { name: 1 } })).map((doc) => [doc._id, doc.name])
        : [],
    );

    const sharers: SharerAttributionDto[] = [...rows.values()]
      .map(({ reached, byContact, ...entry }) => {
        const isYou = entry.sharer_id === user._id;
        return {
          ...entry,
          username: usernames.get(entry.sharer_id) ?? 'A removed account',
          is_you: isYou,
          contacts_reached: reached.size,
          contacts: isYou
            ? [...byContact.entries()]
                .map(([contactId, counts]) => ({ contact_id: contactId, name: names.get(contactId) ?? 'A removed contact', ...counts }))
                .sort((a, b) => b.unique_clicks - a.unique_clicks || b.conversions - a.conversions || a.name.localeCompare(b.name))
            : null,
        };
      })
      .sort((a, b) => b.unique_clicks - a.unique_clicks || b.conversions - a.conversions || a.username.localeCompare(b.username));

    const unattributedClicks = Math.max(0, content.short_link_clicks - attributed.clicks);
    const unattributed: AttributionCounts = {
      clicks: unattributedClicks,
      unique_clicks: unattributedClicks,
      conversions: Math.max(0, content.conversions_count - attributed.conversions),
    };
    const body: ContentAttributionDto = {
      content_id: content._id,
      title: content.title,
      totals: {
        shares: content.share_count,
        contacts_reached: sharers.reduce((sum, entry) => sum + entry.contacts_reached, 0),
        clicks: content.short_link_clicks,
        unique_clicks: attributed.unique_clicks + unattributed.unique_clicks,
        conversions: content.conversions_count,
      },
      sharers,
      unattributed,
    };
    res.json(body);
  });

  return router;
}

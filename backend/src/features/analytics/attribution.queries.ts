/**
 * Who brought people to one content, for its owner: per sharer the delivered shares, the contacts reached,
 * people's clicks in all and counted (a visitor's repeat clicks on one UTC day count once: docs/scores.md)
 * and conversions.
 * Contacts are named only where they are the caller's own (the owner's contacts who clicked the owner's
 * links); other sharers' contacts stay counts. Over all time (`GET /content/{id}/attribution`) or over a
 * range of UTC days (`GET /analytics/content/{id}/daily`).
 */
import type { AttributionCounts, ContentAttributionDto, SharerAttributionDto } from '@crossfeed/domain/api/content-analytics.dto.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { addDays } from '@crossfeed/projections/analytics/analytics-series.ts';
import { LINK_ENGAGEMENT, type LinkEngagementDoc } from '@crossfeed/projections/audience-scores/link-engagement.projection.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import type { ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { SHARES, type ShareDoc } from '@crossfeed/projections/shares/shares.projection.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';

export type { AttributedContactDto, AttributionCounts, ContentAttributionDto, SharerAttributionDto } from '@crossfeed/domain/api/content-analytics.dto.ts';

/** The content's own counts over the same span: the attributed part is taken out of them. */
export interface AttributionTotals {
  shares: number;
  clicks: number;
  /** Counted clicks (`unique_clicks` of the content, or of its days in the range). */
  unique_clicks: number;
  conversions: number;
}

export interface AttributionScope {
  content: Pick<ContentDoc, '_id' | 'title'>;
  /** The owner asking (their own contacts are named). */
  callerId: string;
  totals: AttributionTotals;
  /** UTC days, both included; without it, all time. */
  range?: { from: string; to: string };
}

const zero = (): AttributionCounts => ({ clicks: 0, unique_clicks: 0, conversions: 0 });
const add = (into: AttributionCounts, doc: Pick<LinkEngagementDoc, 'clicks' | 'conversions'>): void => {
  into.clicks += doc.clicks ?? 0;
  into.unique_clicks += (doc.clicks ?? 0) > 0 ? 1 : 0;
  into.conversions += doc.conversions ?? 0;
};

export async function contentAttribution(readStore: ReadStore, { content, callerId, totals, range }: AttributionScope): Promise<ContentAttributionDto> {
  const contentId = content._id;
  const shareFilter = range
    ? { content_id: contentId, shared_at: { $gte: `${range.from}T00:00:00.000Z`, $lt: `${addDays(range.to, 1)}T00:00:00.000Z` } }
    : { content_id: contentId };
  const engagementFilter = range ? { content_id: contentId, day: { $gte: range.from, $lte: range.to } } : { content_id: contentId };
  const [shares, engagement] = await Promise.all([
    readStore.collection<ShareDoc>(SHARES).find(shareFilter, { projection: { sharer_id: 1, contact_ids: 1 } }),
    readStore.collection<LinkEngagementDoc>(LINK_ENGAGEMENT).find(engagementFilter),
  ]);

  // Clicks recorded before the sharer was kept: the contact's owner is the sharer.
  const unknown = [...new Set(engagement.filter((doc) => !doc.sharer_id).map((doc) => doc.contact_id))];
  const owners = new Map(
    unknown.length
      ? (await readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: unknown } }, { projection: { user_id: 1 } })).map((doc) => [doc._id, doc.user_id])
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
    sharerIds.length
      ? (await readStore.collection<UserDoc>(USERS).find({ _id: { $in: sharerIds } }, { projection: { username: 1 } })).map((doc) => [doc._id, doc.username])
      : [],
  );
  const mine = rows.get(callerId);
  const names = new Map(
    mine && mine.byContact.size
      ? (await readStore
          .collection<ContactDoc>(CONTACTS)
          .find({ _id: { $in: [...mine.byContact.keys()] }, user_id: callerId }, { projection: { name: 1 } })).map((doc) => [doc._id, doc.name])
      : [],
  );

  const sharers: SharerAttributionDto[] = [...rows.values()]
    .map(({ reached, byContact, ...entry }) => {
      const isYou = entry.sharer_id === callerId;
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

  const unattributed: AttributionCounts = {
    clicks: Math.max(0, totals.clicks - attributed.clicks),
    unique_clicks: Math.max(0, totals.unique_clicks - attributed.unique_clicks),
    conversions: Math.max(0, totals.conversions - attributed.conversions),
  };
  return {
    content_id: contentId,
    title: content.title,
    totals: {
      shares: totals.shares,
      contacts_reached: sharers.reduce((sum, entry) => sum + entry.contacts_reached, 0),
      clicks: totals.clicks,
      unique_clicks: Math.max(totals.unique_clicks, attributed.unique_clicks),
      conversions: totals.conversions,
    },
    sharers,
    unattributed,
  };
}

/**
 * The one way to read audience scores. A creator's score is what the audience-score worker last wrote
 * (null before its first run); a contact's score is computed from `link_engagement` by the domain rule, so
 * it moves as soon as the click is projected.
 */
import { contactScore, type Score } from '@crossfeed/domain/rules/audience-score.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { AUDIENCE_SCORES, type AudienceScoreDoc } from './audience-scores.model.ts';
import { LINK_ENGAGEMENT, type LinkEngagementDoc } from './link-engagement.projection.ts';
import type { ContentDoc } from '../contents/contents.projection.ts';

export interface CreatorScoreView extends Score {
  updated_at: string;
}

/** A creator's audience score with its parts, or null while the worker has not scored them. */
export async function audienceScoreOf(readStore: ReadStore, userId: string): Promise<CreatorScoreView | null> {
  const doc = await readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).findOne({ _id: userId }, { projection: { score: 1, parts: 1, updated_at: 1 } });
  if (!doc || typeof doc.score !== 'number') return null;
  return { score: doc.score, parts: Array.isArray(doc.parts) ? doc.parts : [], updated_at: doc.updated_at };
}

/** Many creators' scores (matching): userId → score; unscored creators are absent. */
export async function audienceScoresOf(readStore: ReadStore, userIds: readonly string[] | 'all'): Promise<Map<string, number>> {
  const filter = userIds === 'all' ? {} : { _id: { $in: [...new Set(userIds)] } };
  const docs = await readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).find(filter, { projection: { _id: 1, score: 1 } });
  return new Map(docs.filter((doc) => typeof doc.score === 'number').map((doc) => [doc._id, doc.score]));
}

/**
 * What each contact did with the links Crossfeed e-mailed them (an owner's hand-tracked links are left out:
 * nobody but the owner vouches for those contacts): distinct click days, clicks, verified conversions.
 */
export async function contactEngagementOf(
  readStore: ReadStore,
  contactIds: readonly string[],
): Promise<Map<string, { clickDays: number; clicks: number; conversions: number }>> {
  const out = new Map<string, { clickDays: number; clicks: number; conversions: number }>();
  if (contactIds.length === 0) return out;
  const docs = await readStore
    .collection<LinkEngagementDoc>(LINK_ENGAGEMENT)
    .find({ contact_id: { $in: [...new Set(contactIds)] }, delivered: { $ne: false } }, { projection: { contact_id: 1, day: 1, clicks: 1, verified_conversions: 1 } });
  const days = new Map<string, Set<string>>();
  for (const doc of docs) {
    const entry = out.get(doc.contact_id) ?? { clickDays: 0, clicks: 0, conversions: 0 };
    entry.clicks += doc.clicks ?? 0;
    entry.conversions += doc.verified_conversions ?? 0;
    if ((doc.clicks ?? 0) > 0) {
      const seen = days.get(doc.contact_id) ?? new Set<string>();
      seen.add(doc.day);
      days.set(doc.contact_id, seen);
      entry.clickDays = seen.size;
    }
    out.set(doc.contact_id, entry);
  }
  return out;
}

/** Contacts' scores with their parts (a contact with no clicks scores 0). */
export async function contactScoresOf(readStore: ReadStore, contactIds: readonly string[]): Promise<Map<string, Score>> {
  const engagement = await contactEngagementOf(readStore, contactIds);
  return new Map(contactIds.map((id) => [id, contactScore(engagement.get(id) ?? { clickDays: 0, clicks: 0, conversions: 0 })]));
}

/**
 * Counted clicks of one content (docs/scores.md): each visitor once per UTC day, within the address and
 * daily bounds, decided when the click was recorded. Documents written before the counter existed read 0
 * until the contents projection's rebuild fills it.
 */
export const countedClicksOf = (content: Pick<ContentDoc, 'unique_clicks'>): number => content.unique_clicks ?? 0;

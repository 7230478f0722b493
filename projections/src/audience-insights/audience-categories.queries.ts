import { clicksByCategory, type CategoryClicks } from '@crossfeed/domain/rules/audience-insights.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTENTS, type ContentDoc } from '../contents/contents.projection.ts';
import { AUDIENCE_CONTENT_CLICKS, type AudienceContentClicksDoc } from './audience-insights.projection.ts';

/** Contents read per `$in` on `_id` (the SQLite store binds up to 256 ids as parameters, using the unique index). */
const CONTENT_ID_PAGE = 256;

/**
 * The content categories a creator's contacts click: people's clicks through the creator's own contacts,
 * per category of the content clicked. Reads the creator's per-content click totals (one document per
 * content their contacts clicked) and those contents' categories in pages by id: bounded by the creator's
 * own activity, not by the site.
 */
export async function audienceCategoriesOf(
  store: ReadStore,
  userId: string,
): Promise<{ total_clicks: number; categories: CategoryClicks[] }> {
  const totals = await store
    .collection<AudienceContentClicksDoc>(AUDIENCE_CONTENT_CLICKS)
    .find({ user_id: userId }, { projection: { content_id: 1, clicks: 1 } });
  const categoriesById = new Map<string, readonly string[]>();
  const contents = store.collection<ContentDoc>(CONTENTS);
  for (let start = 0; start < totals.length; start += CONTENT_ID_PAGE) {
    const ids = totals.slice(start, start + CONTENT_ID_PAGE).map((doc) => doc.content_id);
    for (const doc of await contents.find({ _id: { $in: ids } }, { projection: { categories: 1 } })) {
      categoriesById.set(doc._id, Array.isArray(doc.categories) ? doc.categories : []);
    }
  }
  return clicksByCategory(totals.map((doc) => ({ clicks: doc.clicks, categories: categoriesById.get(doc.content_id) ?? [] })));
}

/**
 * The daily series of one content (`GET /analytics/content/{id}/daily`): the `content_daily` counters with
 * unique clicks read from `link_engagement`, every day of the range present (zero-filled).
 */
import type { ContentDailyPoint } from '@crossfeed/domain/api/content-analytics.dto.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { addDays } from '../analytics/analytics-series.ts';
import { LINK_ENGAGEMENT, type LinkEngagementDoc } from '../audience-scores/link-engagement.projection.ts';
import { CONTENT_DAILY, type ContentDailyDoc } from './content-daily.projection.ts';

type DayCounts = Pick<ContentDailyDoc, 'day' | 'shares' | 'clicks' | 'conversions'>;
type DayEngagement = Pick<LinkEngagementDoc, 'day' | 'clicks'>;

/**
 * Every day of [from, to] in order. Unique clicks of a day follow `uniqueClicksOf`: each known contact who
 * clicked counts once, each click without a known contact counts itself.
 */
export function buildContentDailySeries(
  range: { from: string; to: string },
  days: readonly DayCounts[],
  engagement: readonly DayEngagement[],
): ContentDailyPoint[] {
  const counts = new Map(days.map((doc) => [doc.day, doc]));
  const contacts = new Map<string, { clicks: number; unique: number }>();
  for (const doc of engagement) {
    if (!((doc.clicks ?? 0) > 0)) continue;
    const entry = contacts.get(doc.day) ?? { clicks: 0, unique: 0 };
    entry.clicks += doc.clicks;
    entry.unique += 1;
    contacts.set(doc.day, entry);
  }
  const series: ContentDailyPoint[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const doc = counts.get(day);
    const clicks = doc?.clicks ?? 0;
    const known = contacts.get(day) ?? { clicks: 0, unique: 0 };
    series.push({
      day,
      shares: doc?.shares ?? 0,
      clicks,
      unique_clicks: Math.max(0, clicks - known.clicks) + Math.min(known.unique, clicks),
      conversions: doc?.conversions ?? 0,
    });
  }
  return series;
}

/** The series of one content over [from, to] (two indexed range reads, whatever the content's history). */
export async function contentDailySeries(readStore: ReadStore, contentId: string, range: { from: string; to: string }): Promise<ContentDailyPoint[]> {
  const inRange = { content_id: contentId, day: { $gte: range.from, $lte: range.to } };
  const [days, engagement] = await Promise.all([
    readStore.collection<ContentDailyDoc>(CONTENT_DAILY).find(inRange, { projection: { day: 1, shares: 1, clicks: 1, conversions: 1 } }),
    readStore.collection<LinkEngagementDoc>(LINK_ENGAGEMENT).find({ ...inRange, clicks: { $gt: 0 } }, { projection: { day: 1, clicks: 1 } }),
  ]);
  return buildContentDailySeries(range, days, engagement);
}

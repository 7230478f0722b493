/**
 * The daily series of one content (`GET /analytics/content/{id}/daily`): the `content_daily` counters,
 * every day of the range present (zero-filled).
 */
import type { ContentDailyPoint } from '@crossfeed/domain/api/content-analytics.dto.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { addDays } from '../analytics/analytics-series.ts';
import { CONTENT_DAILY, type ContentDailyDoc } from './content-daily.projection.ts';

type DayCounts = Pick<ContentDailyDoc, 'day' | 'shares' | 'clicks' | 'conversions'> & Partial<Pick<ContentDailyDoc, 'unique_clicks'>>;

/** Every day of [from, to] in order; counted clicks as the click's visitor was counted (docs/scores.md). */
export function buildContentDailySeries(range: { from: string; to: string }, days: readonly DayCounts[]): ContentDailyPoint[] {
  const counts = new Map(days.map((doc) => [doc.day, doc]));
  const series: ContentDailyPoint[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const doc = counts.get(day);
    series.push({
      day,
      shares: doc?.shares ?? 0,
      clicks: doc?.clicks ?? 0,
      unique_clicks: doc?.unique_clicks ?? 0,
      conversions: doc?.conversions ?? 0,
    });
  }
  return series;
}

/** The series of one content over [from, to] (one indexed range read, whatever the content's history). */
export async function contentDailySeries(readStore: ReadStore, contentId: string, range: { from: string; to: string }): Promise<ContentDailyPoint[]> {
  const inRange = { content_id: contentId, day: { $gte: range.from, $lte: range.to } };
  const days = await readStore
    .collection<ContentDailyDoc>(CONTENT_DAILY)
    .find(inRange, { projection: { day: 1, shares: 1, clicks: 1, unique_clicks: 1, conversions: 1 } });
  return buildContentDailySeries(range, days);
}

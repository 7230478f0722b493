/**
 * Advanced analytics (Premium), for a content's owner:
 * - `GET /analytics/content/{id}/daily?from=&to=`: every UTC day of the range (default the last 30 days, at
 *   most 366) with delivered shares, people's clicks, unique clicks and conversions, and who brought them
 *   over the same range (the attribution rules of `GET /content/{id}/attribution`).
 * - `GET /analytics/content/{id}/daily.csv` and `/sharers.csv`: the same as CSV downloads.
 * Another user's (or an unknown) content answers 404 whatever their tier; a Free owner gets 403.
 */
import { Router, type Request, type Response } from 'express';
import type { ContentAttributionDto, ContentDailyAnalyticsDto } from '@crossfeed/domain/api/content-analytics.dto.ts';
import { CONTENT_ANALYTICS_MESSAGES } from '@crossfeed/domain/rules/content-analytics.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { ForbiddenError } from '@crossfeed/domain/shared/errors.ts';
import { contentDailySeries } from '@crossfeed/projections/content-daily/content-daily.queries.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { contentAttribution } from './attribution.queries.ts';
import { toCsv, type CsvCell } from '../../http/csv.ts';
import { parseDayRange } from './day-range.ts';
import { ownedContent } from './owned-content.ts';

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

export function contentDailyRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  async function dailyAnalytics(req: Request): Promise<ContentDailyAnalyticsDto> {
    const user = currentUser(req);
    const content = await ownedContent(ctx, String(req.params.id), user._id);
    const now = ctx.clock().toISOString();
    if (!isPremiumActive(user, now)) throw new ForbiddenError(CONTENT_ANALYTICS_MESSAGES.premiumOnly);
    const range = parseDayRange(req.query, now.slice(0, 10));
    const series = await contentDailySeries(ctx.readStore, content._id, range);
    const totals = {
      shares: sum(series.map((point) => point.shares)),
      clicks: sum(series.map((point) => point.clicks)),
      unique_clicks: sum(series.map((point) => point.unique_clicks)),
      conversions: sum(series.map((point) => point.conversions)),
    };
    const attribution = await contentAttribution(ctx.readStore, { content, callerId: user._id, totals, range });
    return { ...attribution, from: range.from, to: range.to, series };
  }

  function sendCsv(res: Response, body: ContentDailyAnalyticsDto, kind: 'daily' | 'sharers', rows: CsvCell[][]): void {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    // Ids are uuids (no quote, no path): a safe file name, the title is inside the file.
    res.setHeader('Content-Disposition', `attachment; filename="crossfeed-${body.content_id}-${kind}-${body.from}-to-${body.to}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    // The byte order mark makes spreadsheet programs read the names as UTF-8.
    res.send(`\uFEFF${toCsv(rows)}`);
  }

  router.get('/analytics/content/:id/daily', auth, async (req, res) => {
    res.json(await dailyAnalytics(req));
  });

  router.get('/analytics/content/:id/daily.csv', auth, async (req, res) => {
    const body = await dailyAnalytics(req);
    sendCsv(res, body, 'daily', [
      ['Day', 'Shares', 'Human clicks', 'Unique clicks', 'Conversions'],
      ...body.series.map((point) => [point.day, point.shares, point.clicks, point.unique_clicks, point.conversions]),
    ]);
  });

  router.get('/analytics/content/:id/sharers.csv', auth, async (req, res) => {
    const body = await dailyAnalytics(req);
    sendCsv(res, body, 'sharers', sharerRows(body));
  });

  return router;
}

/** One row per sharer; the caller's own contacts under them, named; then the clicks without a contact and the totals. */
export function sharerRows(body: ContentAttributionDto): CsvCell[][] {
  const rows: CsvCell[][] = [['Sharer', 'Contact', 'Shares', 'Contacts reached', 'Human clicks', 'Unique clicks', 'Conversions']];
  for (const sharer of body.sharers) {
    const name = sharer.is_you ? `You (${sharer.username})` : sharer.username;
    rows.push([name, '', sharer.shares, sharer.contacts_reached, sharer.clicks, sharer.unique_clicks, sharer.conversions]);
    for (const contact of sharer.contacts ?? []) {
      rows.push([name, contact.name, '', '', contact.clicks, contact.unique_clicks, contact.conversions]);
    }
  }
  const { unattributed, totals } = body;
  rows.push(['Without a known contact', '', '', '', unattributed.clicks, unattributed.unique_clicks, unattributed.conversions]);
  rows.push(['Total', '', totals.shares, totals.contacts_reached, totals.clicks, totals.unique_clicks, totals.conversions]);
  return rows;
}

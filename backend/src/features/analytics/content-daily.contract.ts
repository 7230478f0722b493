import { ContentDailyAnalyticsDtoSchema } from '@crossfeed/domain/api/content-analytics.dto.ts';
import { CONTENT_DAILY_DEFAULT_DAYS, CONTENT_DAILY_MAX_DAYS } from '@crossfeed/domain/rules/content-analytics.ts';
import { z } from 'zod';
import { operations, type OperationResponse } from '../../api/openapi/operation.ts';
import { DayRangeQuery } from './day-range.ts';

const RANGE = `\`from\`/\`to\` are UTC days (YYYY-MM-DD, both included): without both, the last ${CONTENT_DAILY_DEFAULT_DAYS} days to today; with one, ${CONTENT_DAILY_DEFAULT_DAYS} days from or to it; at most ${CONTENT_DAILY_MAX_DAYS} days.`;
const OWNER_PREMIUM = "For the content's owner on Premium: a Free owner gets 403, anyone else's or an unknown content 404.";

const csv = (description: string, kind: string): OperationResponse => ({
  description,
  contentType: 'text/csv',
  headers: {
    'Content-Disposition': {
      description: `attachment; filename="crossfeed-{content id}-${kind}-{from}-to-{to}.csv"`,
      schema: z.string(),
    },
  },
});

/** The operations of `content-daily` as the OpenAPI document describes them (issue 26). */
export const contentDailyOperations = operations([
  {
    method: 'get',
    route: '/analytics/content/:id/daily',
    operationId: 'getContentDailyAnalytics',
    summary: "A content's analytics day by day (Premium)",
    description: `Every UTC day of the range, zero-filled, with delivered shares, people's clicks, unique clicks and conversions, and who brought them over the same range. ${RANGE} ${OWNER_PREMIUM}`,
    tag: 'Analytics',
    access: 'session',
    query: DayRangeQuery,
    responses: { 200: { description: 'The daily series and its attribution.', schema: ContentDailyAnalyticsDtoSchema } },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'get',
    route: '/analytics/content/:id/daily.csv',
    operationId: 'downloadContentDailyCsv',
    summary: "A content's daily analytics as CSV (Premium)",
    description: `One row per day: Day, Shares, Human clicks, Unique clicks, Conversions (UTF-8 with a byte order mark). ${RANGE} ${OWNER_PREMIUM}`,
    tag: 'Analytics',
    access: 'session',
    query: DayRangeQuery,
    responses: { 200: csv('The daily series as a CSV download.', 'daily') },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'get',
    route: '/analytics/content/:id/sharers.csv',
    operationId: 'downloadContentSharersCsv',
    summary: "Who brought people to a content, as CSV (Premium)",
    description: `One row per sharer, the owner's own contacts under them, then the clicks without a known contact and the totals (UTF-8 with a byte order mark). ${RANGE} ${OWNER_PREMIUM}`,
    tag: 'Analytics',
    access: 'session',
    query: DayRangeQuery,
    responses: { 200: csv("The range's attribution as a CSV download.", 'sharers') },
    errors: [400, 401, 403, 404],
  },
]);

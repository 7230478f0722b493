import { utcDay } from '@crossfeed/domain/rules/audience-score.ts';
import { shareCredit, withdrawnCredit } from '@crossfeed/domain/rules/share-credit.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionHandlers, type ProjectionOp } from '../projection.ts';

export const CONTENT_DAILY = 'content_daily';

/**
 * What happened to one content on one UTC day (`_id` = `${contentId}:${day}`), for the owner's advanced
 * analytics: shares (the people they reached, `shareCredit`), people's clicks (bots left out, as everywhere),
 * counted clicks (a visitor once that day, within the bounds: docs/scores.md) and conversions.
 */
export interface ContentDailyDoc extends Doc {
  content_id: string;
  owner_id: string;
  day: string;
  shares: number;
  clicks: number;
  unique_clicks: number;
  conversions: number;
}

export const contentDailyId = (contentId: string, day: string): string => `${contentId}:${day}`;

type Counter = 'shares' | 'clicks' | 'unique_clicks' | 'conversions';
const COUNTERS: readonly Counter[] = ['shares', 'clicks', 'unique_clicks', 'conversions'];

/**
 * One `$inc` of the counters on the day's document, the others set to 0 when it is created. Under the
 * runner's position guard a replayed event finds its position already stamped and counts nothing.
 */
function count(contentId: string, ownerId: string, at: string, counter: Counter | readonly Counter[], by = 1): ProjectionOp[] {
  const day = utcDay(at);
  const counters: readonly Counter[] = typeof counter === 'string' ? [counter] : counter;
  return [
    {
      op: 'upsert',
      collection: CONTENT_DAILY,
      id: contentDailyId(contentId, day),
      update: {
        $set: { content_id: contentId, owner_id: ownerId, day },
        $inc: Object.fromEntries(counters.map((name) => [name, by])),
        $setOnInsert: Object.fromEntries(COUNTERS.filter((other) => !counters.includes(other)).map((other) => [other, 0])),
      },
    },
  ];
}

const handlers: ProjectionHandlers = {
  // Shares count the people they reached (`shareCredit`); a credit taken back leaves the day of its share.
  ContentShared: ({ data }) => count(data.contentId, data.contentOwnerId, data.sharedAt, 'shares', shareCredit(data)),
  ShareCreditWithdrawn: ({ data }) =>
    withdrawnCredit(data) === 0 ? [] : count(data.contentId, data.contentOwnerId, data.sharedAt, 'shares', -withdrawnCredit(data)),
  // A deferred share's person counts the day their e-mail went.
  ShareCreditGranted: ({ data }) => (data.credit === 0 ? [] : count(data.contentId, data.contentOwnerId, data.grantedAt, 'shares', data.credit)),
  // Bots are kept in the log but never counted (DESIGN §4b: counts only count people's clicks).
  // Clicks recorded before visitors were kept count each, as they did then.
  LinkClicked: ({ data }) => (data.human ? count(data.contentId, data.ownerId, data.clickedAt, (data.unique ?? true) ? ['clicks', 'unique_clicks'] : 'clicks') : []),
  ConversionRecorded: ({ data }) => count(data.contentId, data.ownerId, data.recordedAt, 'conversions'),
};

export const contentDailyProjection = defineProjection({
  name: 'content-daily',
  // 2: `unique_clicks`, decided when the click was recorded.
  version: 2,
  collections: {
    // GET /analytics/content/{id}/daily reads one content's days in a range.
    [CONTENT_DAILY]: [{ key: { content_id: 1, day: 1 } }],
  },
  handlers,
});

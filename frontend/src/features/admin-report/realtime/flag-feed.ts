import type { FlagDto, FlagUpdatedPush } from '@crossfeed/domain/api/realtime-events.ts';
import { createFeed } from '@/lib/feed';

/** What the admin socket tells an open admin report: a new flag, a change, or "reload, pushes may be lost". */
export type FlagFeedEvent =
  | { type: 'created'; flag: FlagDto }
  | { type: 'updated'; update: FlagUpdatedPush }
  | { type: 'resync' };

/**
 * The flag pushes, fanned out to whatever admin report is mounted. The list is page state (it is fetched
 * when the page opens), so nothing is kept here while no page listens.
 */
export const flagFeed = createFeed<FlagFeedEvent>();

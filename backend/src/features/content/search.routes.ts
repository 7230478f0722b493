import { Router } from 'express';
import { FREE_DAILY_SEARCHES } from '@crossfeed/domain/rules/limits.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { remainingSearches, searchDay, searchQuotaDecider } from '@crossfeed/domain/search/search-quota.decider.ts';
import { searchQuotaStream } from '@crossfeed/domain/shared/streams.ts';
import { commandHandlerFor, handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { parsePage, sendPage, withoutPageParams } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toContentDto } from './content.dto.ts';
import { SearchQuery } from './content.schemas.ts';
import { searchContents } from './search.queries.ts';

/** Searches a Free user has left today, sent with every search they run. */
export const SEARCHES_REMAINING_HEADER = 'X-Searches-Remaining';

/**
 * GET /search/ (SPEC §7): visible content only, paged (`limit`, `offset`, `X-Total-Count`). A Free user's
 * search is first counted on that day's quota stream (429 past FREE_DAILY_SEARCHES); Premium is unlimited.
 */
export function searchRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  router.get('/search/remaining', auth, async (req, res) => {
    const user = currentUser(req);
    const now = ctx.clock().toISOString();
    if (isPremiumActive(user, now)) {
      res.json({ remaining_searches: 'Unlimited', daily_limit: null });
      return;
    }
    const stream = searchQuotaStream(user._id, searchDay(now));
    const remaining = await commandHandlerFor(ctx.eventStore).query(searchQuotaDecider, stream, remainingSearches);
    res.json({ remaining_searches: remaining, daily_limit: FREE_DAILY_SEARCHES });
  });

  router.get('/search', auth, async (req, res) => {
    const user = currentUser(req);
    // The search schema is strict (an unknown filter is refused): the paging parameters are parsed apart.
    const filters = parseInput(SearchQuery, withoutPageParams(req.query));
    const page = parsePage(req);
    const now = ctx.clock().toISOString();
    const isPremium = isPremiumActive(user, now);
    // Only a well-formed search is counted; the count is one short stream per day (no history is folded).
    if (!isPremium) {
      const stream = searchQuotaStream(user._id, searchDay(now));
      // No read model depends on the count: nothing to wait for after the append.
      await handleCommand(ctx.eventStore, searchQuotaDecider, stream, { type: 'CountSearch', data: { userId: user._id, isPremium, now } }, { metadata: { userId: user._id } });
      const remaining = await commandHandlerFor(ctx.eventStore).query(searchQuotaDecider, stream, remainingSearches);
      res.setHeader(SEARCHES_REMAINING_HEADER, String(remaining));
    }
    const { items, total } = await searchContents(ctx, filters, page);
    sendPage(res, items.map(toContentDto), total);
  });
  return router;
}

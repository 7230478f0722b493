import { Router } from 'express';
import {
  AUDIENCE_INSIGHTS_MESSAGES,
  OVERLAP_PAGE_DEFAULT,
  OVERLAP_PAGE_MAX,
  comparable,
  overlapFigures,
  snapshotDay,
  snapshotInstant,
} from '@crossfeed/domain/rules/audience-insights.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { ForbiddenError } from '@crossfeed/domain/shared/errors.ts';
import { AUDIENCE_PARTNERS, type AudiencePartnerDoc } from '@crossfeed/projections/audience-insights/audience-insights.projection.ts';
import { audienceCategoriesOf } from '@crossfeed/projections/audience-insights/audience-categories.queries.ts';
import { HashPageCache, audienceSize, partnersFilter, sharedAudience } from '@crossfeed/projections/audience-insights/audience-overlap.queries.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { findPage, parsePage, sendPage } from '../../http/paging.ts';
import type { AudienceCategoriesDto, AudienceOverlapDto } from './audience-insights.dto.ts';

export type { AudienceCategoriesDto, AudienceOverlapDto } from './audience-insights.dto.ts';

/**
 * Premium audience insights (docs/features/audience-insights.md): the overlap of the caller's audience with each
 * partner's (counts and percentages only, computed here from e-mail hashes) and the content categories
 * the caller's contacts click. Free users get a 403 with what Premium would show them. What keeps the
 * overlap from telling whether an address is on a partner's list (docs/security.md, "Audience overlap"):
 * partners are creators who shared each other's content, both lists are compared as of today's snapshot
 * (00:00 UTC), and 0 to 2 shared contacts are one answer, "few".
 */
export function audienceInsightsRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  const premiumCaller = (req: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(req);
    if (!isPremiumActive(user, ctx.clock().toISOString())) throw new ForbiddenError(AUDIENCE_INSIGHTS_MESSAGES.premiumOnly);
    return user;
  };

  /** The caller's partners, most recent exchange first, a small page at a time (each costs one overlap). */
  router.get('/analytics/audience/overlap', auth, async (req, res) => {
    const user = premiumCaller(req);
    const asked = parsePage(req);
    const page = { offset: asked.offset, limit: req.query.limit === undefined ? OVERLAP_PAGE_DEFAULT : Math.min(asked.limit, OVERLAP_PAGE_MAX) };
    const { items, total } = await findPage(
      ctx.readStore.collection<AudiencePartnerDoc>(AUDIENCE_PARTNERS),
      partnersFilter(user._id),
      { last_shared_at: -1, _id: 1 },
      page,
    );
    const usernames = new Map<string, string>();
    if (items.length > 0) {
      const users = await ctx.readStore
        .collection<UserDoc>(USERS)
        .find({ _id: { $in: items.map((item) => item.partner_id) } }, { projection: { username: 1 } });
      for (const partner of users) usernames.set(partner._id, partner.username);
    }
    // Both lists as they stood at 00:00 UTC today: what was added or removed since changes nothing until tomorrow.
    const day = snapshotDay(ctx.clock().toISOString());
    const mine = { userId: user._id, size: await audienceSize(ctx.readStore, user._id, day) };
    const body: AudienceOverlapDto[] = [];
    // The caller's hashes are read once for the whole page of partners.
    const cache = new HashPageCache(user._id, day);
    // One partner after the other: a page's lookups never pile up on the store at once.
    for (const item of items) {
      const theirs = { userId: item.partner_id, size: await audienceSize(ctx.readStore, item.partner_id, day) };
      const shared = comparable(mine.size, theirs.size) ? await sharedAudience(ctx.readStore, day, mine, theirs, cache) : 0;
      body.push({
        partner_id: item.partner_id,
        partner_username: usernames.get(item.partner_id) ?? null,
        shares_given: item.shares_given,
        shares_received: item.shares_received,
        last_shared_at: item.last_shared_at,
        lists_as_of: snapshotInstant(day),
        ...overlapFigures(shared, mine.size, theirs.size),
      });
    }
    sendPage(res, body, total);
  });

  router.get('/analytics/audience/categories', auth, async (req, res) => {
    const user = premiumCaller(req);
    const body: AudienceCategoriesDto = await audienceCategoriesOf(ctx.readStore, user._id);
    res.json(body);
  });

  return router;
}

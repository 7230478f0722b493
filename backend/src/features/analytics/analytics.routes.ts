import { Router } from 'express';
import { z } from 'zod';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { parseInput } from '../../http/validate.ts';
import { MAX_CONTENT_IDS, conversionRoutes } from './conversions.routes.ts';
import { enhanceRoutes } from './enhance.routes.ts';
import { conversionTrackingRoutes } from './conversion-tracking.routes.ts';
import { linkRoutes } from './links.routes.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { LIVE_CONTENT } from './owned-content.ts';
import { publicCreatorParts } from '@crossfeed/domain/rules/audience-score.ts';
import { audienceScoreOf, countedClicksOf } from '@crossfeed/projections/audience-scores/audience-scores.queries.ts';
import { attributionRoutes } from './attribution.routes.ts';
import { contentDailyRoutes } from './content-daily.routes.ts';
import type { ContentAnalyticsDto, UserAnalyticsDto } from './analytics.dto.ts';

export const AnalyticsInput = z.strictObject({
  content_ids: z
    .array(z.string().trim().min(1, 'must not hold empty ids.'), { error: 'must be a list of content ids.' })
    .max(MAX_CONTENT_IDS, `at most ${MAX_CONTENT_IDS} ids.`),
});

export type { ContentAnalyticsDto, UserAnalyticsDto } from './analytics.dto.ts';

/** Analytics, short links, conversions and the Enhance-link action (SPEC §7 Analytics and conversions). */
export function analyticsRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const contents = () => ctx.readStore.collection<ContentDoc>(CONTENTS);

  /** Per content the caller owns; other users' and unknown ids are left out. */
  router.post('/analytics', auth, async (req, res) => {
    const user = currentUser(req);
    const { content_ids: ids } = parseInput(AnalyticsInput, req.body);
    const docs = await contents().find({ _id: { $in: [...new Set(ids)] }, user_id: user._id, ...LIVE_CONTENT });
    const analytics: Record<string, ContentAnalyticsDto> = {};
    for (const doc of docs) {
      analytics[doc._id] = {
        shares: doc.share_count,
        short_link_clicks: doc.short_link_clicks,
        unique_clicks: countedClicksOf(doc),
        conversions: doc.conversions_count,
      };
    }
    res.json(analytics);
  });

  /** Any signed-in user may see a creator's statistics (the creator profile modal shows them). */
  router.get('/analytics/user/:id', auth, async (req, res) => {
    const viewer = currentUser(req);
    const userId = String(req.params.id);
    const user = await ctx.readStore.collection<UserDoc>(USERS).findOne({ _id: userId });
    if (!user) throw new NotFoundError('User not found.');
    const docs = await contents().find(
      { user_id: userId, ...LIVE_CONTENT },
      { projection: { share_count: 1, required_shares: 1, short_link_clicks: 1 } },
    );
    // The one audience score (the worker's), the same as on the profile and in matching; null before its first run.
    const scored = await audienceScoreOf(ctx.readStore, userId);
    const body: UserAnalyticsDto = {
      audience_score: scored?.score ?? null,
      // The creator reads their own counts; others read the same points, described without them.
      score_parts: scored ? (viewer._id === userId ? scored.parts : publicCreatorParts(scored.parts)) : [],
      total_content_shares: docs.reduce((sum, doc) => sum + doc.share_count, 0),
      successful_cross_promotions: docs.filter((doc) => doc.share_count >= doc.required_shares).length,
      total_views: docs.reduce((sum, doc) => sum + doc.short_link_clicks, 0),
    };
    res.json(body);
  });

  router.use(linkRoutes(ctx));
  router.use(attributionRoutes(ctx));
  router.use(contentDailyRoutes(ctx));
  router.use(conversionRoutes(ctx));
  router.use(enhanceRoutes(ctx));
  router.use(conversionTrackingRoutes(ctx));
  return router;
}

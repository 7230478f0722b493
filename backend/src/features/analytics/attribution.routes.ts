/**
 * `GET /content/{id}/attribution`: for the content's owner, who brought people to it over all time (see
 * attribution.queries.ts). Anyone else gets 404.
 */
import { countedClicksOf } from '@crossfeed/projections/audience-scores/audience-scores.queries.ts';
import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { contentAttribution } from './attribution.queries.ts';
import { ownedContent } from './owned-content.ts';

export type { AttributedContactDto, AttributionCounts, ContentAttributionDto, SharerAttributionDto } from './attribution.queries.ts';

export function attributionRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  router.get('/content/:id/attribution', auth, async (req, res) => {
    const user = currentUser(req);
    const content = await ownedContent(ctx, String(req.params.id), user._id);
    res.json(
      await contentAttribution(ctx.readStore, {
        content,
        callerId: user._id,
        totals: { shares: content.share_count, clicks: content.short_link_clicks, unique_clicks: countedClicksOf(content), conversions: content.conversions_count },
      }),
    );
  });

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import { CONTENT_LINK_MESSAGES, buildEnhancedUrl, contentLinksDecider } from '@crossfeed/domain/content/content-links.decider.ts';
import { isHttpUrl } from '@crossfeed/domain/rules/validation.ts';
import { unsafeUrlReason } from '@crossfeed/domain/rules/safe-url.ts';
import { ForbiddenError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { SHORT_LINKS, type ShortLinkDoc } from '@crossfeed/projections/short-links/short-links.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { parseInput } from '../../http/validate.ts';
import { toContentDto } from '../content/content.dto.ts';
import { ownedContent } from './owned-content.ts';
import { claimShortCode } from '@crossfeed/platform/reservations/reservations.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';

export const EmptyBody = z.strictObject({});

/**
 * POST /content/{id}/enhance/ (Premium, owner): gives the content a short link when it has none and a
 * tracked url = its url with utm_source=crossfeed, utm_medium=share, utm_campaign=<short code>.
 */
export function enhanceRoutes(ctx: ApiContext): Router {
  const router = Router();

  router.post('/content/:id/enhance', requireAuth(ctx), async (req, res) => {
    const user = currentUser(req);
    parseInput(EmptyBody, req.body ?? {});
    const content = await ownedContent(ctx, req.params.id, user._id);
    const isPremium = isPremiumActive(user, ctx.clock().toISOString());
    if (!isPremium) throw new ForbiddenError(CONTENT_LINK_MESSAGES.enhancePremium);

    const [existing] = await ctx.readStore
      .collection<ShortLinkDoc>(SHORT_LINKS)
      .find({ content_id: content._id }, { sort: { created_at: 1, _id: 1 }, limit: 1 });
    // Checked again here (content urls are validated at submission) before a code is reserved.
    if (!isHttpUrl(content.url)) throw new ValidationError('Only http(s) content urls can be enhanced.');
    const unsafe = unsafeUrlReason(content.url);
    if (unsafe) throw new ValidationError(unsafe);
    const shortCode = existing?._id ?? (await claimShortCode(ctx.eventStore, content._id, ctx.clock().toISOString()));
    const enhancedUrl = buildEnhancedUrl(content.url, shortCode);
    await execute(
      ctx,
      contentLinksDecider,
      contentStream(content._id),
      {
        type: 'EnhanceContent',
        data: {
          contentId: content._id,
          ownerId: content.user_id,
          requesterId: user._id,
          isPremium,
          shortCode,
          enhancedUrl,
          now: ctx.clock().toISOString(),
        },
      },
      { userId: user._id },
    );
    res.json(toContentDto(await ownedContent(ctx, content._id, user._id)));
  });

  return router;
}

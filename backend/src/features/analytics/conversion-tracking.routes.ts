import express, { Router, type Request, type Response } from 'express';
import { premiumFeatureMessage, tierHasFeature } from '@crossfeed/domain/rules/tier-features.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import type { UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import {
  CONTENT_LINK_MESSAGES,
  CONVERSION_KIND_MAX,
  DEFAULT_CONVERSION_KIND,
  contentLinksDecider,
  isShortCode,
} from '@crossfeed/domain/content/content-links.decider.ts';
import { ForbiddenError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import {
  clickSecret,
  contentIdOfTrackingToken,
  conversionTrackingSecret,
  conversionTrackingToken,
  isValidConversionTrackingToken,
  signingSecret,
  visitOfClickToken,
} from '@crossfeed/platform/security/derived-tokens.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseInput } from '../../http/validate.ts';
import { conversionSnippet } from './conversion-snippet.ts';
import { attributedContact } from './links.routes.ts';
import { LIVE_CONTENT, ownedContent } from './owned-content.ts';

/** Tracked conversions one client address may report per minute (a site's visitors each have their own). */
export const TRACKED_CONVERSIONS_PER_IP_PER_MINUTE = 30;
export const TRACK_PATH = '/track/conversion';
export const CONVERSION_TRACKING_PREMIUM = premiumFeatureMessage('Conversion tracking');

export const TrackedConversionInput = z.strictObject({
  token: z.string({ error: 'is required.' }).min(1, 'is required.').max(300, 'is not a tracking token.'),
  // Whatever `utm_campaign` the visitor came with: only a short code's shape is kept (the decider then keeps
  // it only when it is one of this content's links).
  short_code: z
    .string()
    .max(200)
    .nullish()
    .transform((code) => (code && isShortCode(code.trim().toLowerCase()) ? code.trim().toLowerCase() : null)),
  contact_id: z.string().trim().min(1).max(100).nullish(),
  // The `cf_click` the visitor arrived with (an enhanced link's redirect): what verifies the conversion.
  click: z.string().max(300, 'is not a click token.').nullish(),
  kind: z.string().trim().min(1, 'must not be empty.').max(CONVERSION_KIND_MAX, `must be at most ${CONVERSION_KIND_MAX} characters.`).optional(),
  value: z.number({ error: 'must be a number.' }).min(0, 'must be 0 or more.').max(1e12, 'is too large.').optional(),
});

/** Anyone's site may report (the token is the credential), and may read the answer. */
function allowAnyOrigin(_req: Request, res: Response, next: () => void): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
  res.setHeader('Access-Control-Max-Age', '86400');
  next();
}

/**
 * Conversion tracking from the creator's own site: the owner reads the content's tracking token and
 * snippet (GET /content/{id}/conversion-snippet/) and may rotate it; the site reports conversions to the
 * public POST /track/conversion with that token. The token sits in the site's page source, so it proves
 * only which content: a conversion feeds public scores and rankings only when it also brings the signed
 * `cf_click` of a counted visit (docs/scores.md, "Verified conversions"). Tokens are HMACs of the content id and a version kept on
 * `content-{id}` (platform/src/security/derived-tokens.ts): nothing secret is stored, comparison is in
 * constant time, and rotating makes every earlier token fail with 403 and write nothing.
 */
export function conversionTrackingRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const trackingKey = () => conversionTrackingSecret(signingSecret(ctx.config));
  const clickKey = clickSecret(signingSecret(ctx.config));
  const endpoint = `${ctx.config.PUBLIC_URL}${TRACK_PATH}`;
  const versionOf = (contentId: string): Promise<{ version: number; removed: boolean }> =>
    commandHandlerFor(ctx.eventStore).query(contentLinksDecider, contentStream(contentId), (state) => ({
      version: state.trackingVersion,
      removed: state.removed,
    }));
  const snippetOf = (contentId: string, version: number) => {
    const token = conversionTrackingToken(trackingKey(), contentId, version);
    return { content_id: contentId, token, endpoint, snippet: conversionSnippet(endpoint, token) };
  };
  const limiter = new RateLimiterMemory({ points: TRACKED_CONVERSIONS_PER_IP_PER_MINUTE, duration: 60, keyPrefix: 'tracked_conversion' });

  /** Conversion tracking is part of Custom Link Tracking (SPEC §2 Pricing: Premium). */
  const requireTracking = (user: UserDoc): void => {
    if (!tierHasFeature(isPremiumActive(user, ctx.clock().toISOString()), 'Custom Link Tracking')) throw new ForbiddenError(CONVERSION_TRACKING_PREMIUM);
  };

  router.get('/content/:id/conversion-snippet', auth, async (req, res) => {
    const user = currentUser(req);
    const content = await ownedContent(ctx, req.params.id, user._id);
    requireTracking(user);
    const { version } = await versionOf(content._id);
    res.json(snippetOf(content._id, version));
  });

  router.post('/content/:id/conversion-snippet/rotate', auth, async (req, res) => {
    const user = currentUser(req);
    const content = await ownedContent(ctx, req.params.id, user._id);
    requireTracking(user);
    const { events } = await execute(
      ctx,
      contentLinksDecider,
      contentStream(content._id),
      { type: 'RotateConversionTracking', data: { contentId: content._id, ownerId: content.user_id, requesterId: user._id, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    const rotated = events.find((event) => event.type === 'ConversionTrackingRotated');
    res.json(snippetOf(content._id, rotated?.type === 'ConversionTrackingRotated' ? rotated.data.version : (await versionOf(content._id)).version));
  });

  router.options(TRACK_PATH, allowAnyOrigin, (_req, res) => {
    res.status(204).end();
  });

  router.post(TRACK_PATH, allowAnyOrigin, express.text({ type: 'text/plain', limit: '4kb' }), async (req, res) => {
    try {
      await limiter.consume(req.ip ?? 'unknown');
    } catch {
      throw new HttpError(429, 'Too many conversions reported from this address. Try again in a minute.');
    }
    let body: unknown = req.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        throw new ValidationError('The body must be JSON.');
      }
    }
    const input = parseInput(TrackedConversionInput, body ?? {});
    // A wrong, rotated or unknown token, or content that is gone: one 403 for all, so nothing leaks.
    const contentId = contentIdOfTrackingToken(input.token);
    const content = contentId ? await ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: contentId, ...LIVE_CONTENT }) : null;
    if (!contentId || !content) throw new ForbiddenError(CONTENT_LINK_MESSAGES.invalidTrackingToken);
    const { version, removed } = await versionOf(content._id);
    if (removed || !isValidConversionTrackingToken(trackingKey(), content._id, version, input.token)) {
      throw new ForbiddenError(CONTENT_LINK_MESSAGES.invalidTrackingToken);
    }
    // A contact this content reached (the owner's, or one a sharer e-mailed it to); anyone else: unattributed.
    const attributed = input.contact_id ? await attributedContact(ctx, content._id, content.user_id, input.contact_id) : null;
    const conversionId = ctx.newId();
    await execute(ctx, contentLinksDecider, contentStream(content._id), {
      type: 'RecordTrackedConversion',
      data: {
        conversionId,
        contentId: content._id,
        ownerId: content.user_id,
        trackingVersion: version,
        contactId: attributed?.contactId ?? null,
        sharerId: attributed?.sharerId ?? null,
        shortCode: input.short_code,
        // A forged, foreign or stale token names no visit: the conversion is recorded, unverified.
        visit: input.click ? visitOfClickToken(clickKey, content._id, input.click, ctx.clock()) : null,
        kind: input.kind ?? DEFAULT_CONVERSION_KIND,
        value: input.value ?? 0,
        now: ctx.clock().toISOString(),
      },
    });
    res.status(201).json({ id: conversionId, message: 'Conversion recorded.' });
  });

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import { CONVERSION_KIND_MAX, DEFAULT_CONVERSION_KIND, contentLinksDecider } from '@crossfeed/domain/content/content-links.decider.ts';
import { ANALYTICS_IDS_MAX } from '@crossfeed/domain/rules/limits.ts';
import { ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { CONVERSIONS, type ConversionDoc } from '@crossfeed/projections/conversions/conversions.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toConversionDto } from './conversion.dto.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { LIVE_CONTENT, idList, ownedContent } from './owned-content.ts';
import { attributedContact } from './links.routes.ts';

/** Ids per metrics/analytics request (domain rule). */
export const MAX_CONTENT_IDS = ANALYTICS_IDS_MAX;

export const ConversionInput = z.strictObject({
  content_id: z.string({ error: 'is required.' }).trim().min(1, 'is required.'),
  contact_id: z.string().trim().min(1).max(100).nullish(),
  short_code: z.string().trim().min(1).max(20).nullish(),
  kind: z.string().trim().min(1, 'must not be empty.').max(CONVERSION_KIND_MAX, `must be at most ${CONVERSION_KIND_MAX} characters.`).optional(),
  value: z.number({ error: 'must be a number.' }).min(0, 'must be 0 or more.').optional(),
});

export function conversionRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const conversions = () => ctx.readStore.collection<ConversionDoc>(CONVERSIONS);

  router.post('/conversions', auth, async (req, res) => {
    const user = currentUser(req);
    const input = parseInput(ConversionInput, req.body);
    const content = await ownedContent(ctx, input.content_id, user._id);
    // The owner's own contact, or a sharer's contact this content was e-mailed to (as its tracked link says).
    const attributed = input.contact_id ? await attributedContact(ctx, content._id, content.user_id, input.contact_id) : null;
    if (input.contact_id && !attributed) throw new ValidationError('contact_id: not one of your contacts nor one this content was sent to.');
    const contactId = attributed?.contactId ?? null;
    const conversionId = ctx.newId();
    await execute(
      ctx,
      contentLinksDecider,
      contentStream(content._id),
      {
        type: 'RecordConversion',
        data: {
          conversionId,
          contentId: content._id,
          ownerId: content.user_id,
          requesterId: user._id,
          contactId,
          sharerId: attributed?.sharerId ?? null,
          shortCode: input.short_code?.toLowerCase() ?? null,
          kind: input.kind ?? DEFAULT_CONVERSION_KIND,
          value: input.value ?? 0,
          now: ctx.clock().toISOString(),
        },
      },
      { userId: user._id },
    );
    const doc = await conversions().findOne({ _id: conversionId, owner_id: user._id });
    if (!doc) throw new Error(`conversion ${conversionId} is not readable after its command`);
    res.status(201).json(toConversionDto(doc));
  });

  router.get('/conversions', auth, async (req, res) => {
    const user = currentUser(req);
    await sendPagedList(req, res, conversions(), { owner_id: user._id }, { created_at: -1, _id: 1 }, (docs) => docs.map(toConversionDto));
  });

  /** `?content_ids=a,b` or repeated: per content the caller owns, its conversions and their total value. */
  router.get('/conversions/content/metrics', auth, async (req, res) => {
    const user = currentUser(req);
    const ids = idList(req.query.content_ids);
    if (ids.length === 0) throw new ValidationError('content_ids: is required.');
    if (ids.length > MAX_CONTENT_IDS) throw new ValidationError(`content_ids: at most ${MAX_CONTENT_IDS} ids.`);
    const owned = await ctx.readStore
      .collection<ContentDoc>(CONTENTS)
      .find({ _id: { $in: ids }, user_id: user._id, ...LIVE_CONTENT }, { projection: { _id: 1 } });
    const metrics: Record<string, { conversions: number; value: number }> = {};
    for (const { _id } of owned) metrics[_id] = { conversions: 0, value: 0 };
    const docs = await conversions().find(
      { owner_id: user._id, content_id: { $in: owned.map(({ _id }) => _id) } },
      { projection: { content_id: 1, value: 1 } },
    );
    for (const doc of docs) {
      const entry = metrics[doc.content_id];
      if (!entry) continue;
      entry.conversions += 1;
      entry.value += doc.value;
    }
    res.json(metrics);
  });

  return router;
}

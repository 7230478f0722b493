import { createHash } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { moderationDecider, MODERATION_MESSAGES } from '@crossfeed/domain/content/moderation.decider.ts';
import { flagDecider, FLAG_MESSAGES } from '@crossfeed/domain/flags/flag.decider.ts';
import { MODERATION_STATUSES } from '@crossfeed/domain/rules/content-types.ts';
import { FLAG_REASON_MAX } from '@crossfeed/domain/rules/limits.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { contentStream, flagStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { Position } from '@crossfeed/platform/event-store/event-store.port.ts';
import { isRemoved, shownStatus } from '@crossfeed/domain/rules/content-visibility.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { FLAGS, type FlagDoc } from '@crossfeed/projections/flags/flags.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute, settle } from '../../api/execute.ts';
import { currentUser, requireAdmin, requireAuth } from '../../auth/require-auth.ts';
import { THROTTLE_MESSAGES, throttle } from '../../auth/throttles.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toFlagDto, toModeratedContentDto } from './flag.dto.ts';

const ID_MAX = 100;
const BULK_DELETE_MAX = 500;
const contentNotFound = (): NotFoundError => new NotFoundError(MODERATION_MESSAGES.contentNotFound);

/**
 * The flag id of one reporter's reports on one content (uuid-shaped, from a hash): their reports share
 * one `flag-{id}` stream, where the decider allows one open report at a time.
 */
export function flagIdFor(contentId: string, reporterId: string): string {
  const hex = createHash('sha256').update(`flag\0${contentId}\0${reporterId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const FlagBody = z
  .object({
    content_id: z.string({ message: 'content_id is required.' }).trim().min(1, 'content_id is required.').max(ID_MAX),
    reason: z
      .string({ message: FLAG_MESSAGES.reasonRequired })
      .trim()
      .min(1, FLAG_MESSAGES.reasonRequired)
      .max(FLAG_REASON_MAX, FLAG_MESSAGES.reasonTooLong),
  })
  .strict();

const BulkDeleteBody = z
  .object({
    flag_ids: z
      .array(z.string().trim().min(1).max(ID_MAX), { message: 'flag_ids must be a list of flag ids.' })
      .min(1, 'flag_ids must name at least one flag.')
      .max(BULK_DELETE_MAX, `flag_ids may name at most ${BULK_DELETE_MAX} flags.`),
  })
  .strict();

const StatusBody = z
  .object({
    new_status: z.enum(MODERATION_STATUSES, { message: MODERATION_MESSAGES.invalidStatus }),
  })
  .strict();

/** Flags (SPEC §7 Flags and admin): anyone signed in reports content; admins review, moderate and delete. */
export function flagRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const flags = () => ctx.readStore.collection<FlagDoc>(FLAGS);
  const contents = () => ctx.readStore.collection<ContentDoc>(CONTENTS);

  /** Visible content: exists and is neither deleted by its owner nor set to `deleted` by a moderator. */
  const visibleContent = async (contentId: string): Promise<ContentDoc> => {
    const content = await contents().findOne({ _id: contentId });
    if (!content || isRemoved(content)) throw contentNotFound();
    return content;
  };

  router.post('/flags', auth, async (req, res) => {
    const user = currentUser(req);
    const { content_id, reason } = parseInput(FlagBody, req.body ?? {});
    await throttle(ctx.throttles.flags, user._id, THROTTLE_MESSAGES.flags);
    const content = await visibleContent(content_id);
    const flagId = flagIdFor(content._id, user._id);
    const now = ctx.clock().toISOString();
    await execute(
      ctx,
      flagDecider,
      flagStream(flagId),
      {
        type: 'FlagContent',
        data: {
          flagId,
          contentId: content._id,
          ownerId: content.user_id,
          contentTitle: content.title,
          reporterId: user._id,
          reporterUsername: user.username,
          reason,
          now,
        },
      },
      { userId: user._id },
    );
    res.status(201).json({ id: flagId, content_id: content._id, reason, created_at: now, message: 'Content flagged successfully.' });
  });

  // Newest first (the later event, then the id, break ties), paged; the content is read for the page only.
  router.get('/flags', auth, requireAdmin, async (req, res) => {
    await sendPagedList(req, res, flags(), {}, { created_at: -1, _pos: -1, _id: -1 }, async (page) => {
      const contentIds = [...new Set(page.map((flag) => flag.content_id))];
      const byId = new Map((await contents().find({ _id: { $in: contentIds } })).map((content) => [content._id, content]));
      return page.map((flag) => toFlagDto(flag, byId.get(flag.content_id)));
    });
  });

  router.post('/flags/bulk-delete', auth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const { flag_ids } = parseInput(BulkDeleteBody, req.body ?? {});
    const now = ctx.clock().toISOString();
    let deleted = 0;
    let last: Position | undefined;
    for (const flagId of new Set(flag_ids)) {
      try {
        const result = await handleCommand(
          ctx.eventStore,
          flagDecider,
          flagStream(flagId),
          { type: 'DeleteFlag', data: { flagId, deletedBy: admin._id, now } },
          { metadata: { userId: admin._id } },
        );
        deleted += 1;
        if (result.position !== undefined && (last === undefined || result.position > last)) last = result.position;
      } catch (error) {
        // Unknown or already deleted flags are skipped: the answer counts what this call deleted.
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    await settle(ctx, last);
    res.json({ deleted });
  });

  router.delete('/flags/:id', auth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const flagId = String(req.params.id);
    await execute(
      ctx,
      flagDecider,
      flagStream(flagId),
      { type: 'DeleteFlag', data: { flagId, deletedBy: admin._id, now: ctx.clock().toISOString() } },
      { userId: admin._id },
    );
    res.json({ id: flagId, message: 'Flag deleted successfully.' });
  });

  router.put('/flags/:id/content-status', auth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const { new_status } = parseInput(StatusBody, req.body ?? {});
    const flag = await flags().findOne({ _id: String(req.params.id) });
    if (!flag) throw new NotFoundError(FLAG_MESSAGES.notFound);
    const content = await contents().findOne({ _id: flag.content_id });
    if (!content || content.deleted) throw contentNotFound();
    await execute(
      ctx,
      moderationDecider,
      contentStream(content._id),
      {
        type: 'ChangeContentStatus',
        data: {
          contentId: content._id,
          ownerId: content.user_id,
          contentTitle: content.title,
          status: new_status,
          currentStatus: shownStatus(content),
          changedBy: admin._id,
          now: ctx.clock().toISOString(),
        },
      },
      { userId: admin._id },
    );
    const updated = await contents().findOne({ _id: content._id });
    if (!updated) throw contentNotFound();
    res.json(toModeratedContentDto(updated));
  });

  router.delete('/admin/content/:id', auth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const content = await contents().findOne({ _id: String(req.params.id) });
    if (!content) throw contentNotFound();
    await execute(
      ctx,
      moderationDecider,
      contentStream(content._id),
      {
        type: 'RemoveContent',
        data: {
          contentId: content._id,
          ownerId: content.user_id,
          contentTitle: content.title,
          removedBy: admin._id,
          now: ctx.clock().toISOString(),
        },
      },
      { userId: admin._id },
    );
    res.json({ id: content._id, message: 'Content deleted successfully.' });
  });

  return router;
}

import { createHash } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { moderationDecider } from '@crossfeed/domain/content/moderation.decider.ts';
import { flagDecider, FLAG_MESSAGES } from '@crossfeed/domain/flags/flag.decider.ts';
import { FLAG_OUTCOME_MESSAGES, FLAG_OUTCOMES, outcomeNeeded, type FlagOutcome } from '@crossfeed/domain/flags/flag-outcome.ts';
import { FLAG_REASON_MAX } from '@crossfeed/domain/rules/limits.ts';
import { ConflictError, NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { contentStream, flagStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { Position } from '@crossfeed/platform/event-store/event-store.port.ts';
import { isRemoved } from '@crossfeed/domain/rules/content-visibility.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { FLAGS, type FlagDoc } from '@crossfeed/projections/flags/flags.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute, settle } from '../../api/execute.ts';
import { currentUser, requireAdmin, requireAuth } from '../../auth/require-auth.ts';
import { THROTTLE_MESSAGES, throttle } from '../../auth/throttles.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toFlagDto, toModeratedContentDto } from './flag.dto.ts';
import { changeModerationStatus, contentNotFound, ModerationReason, openFlagReasons, StatusBody } from './moderation.ts';

const ID_MAX = 100;
const BULK_DELETE_MAX = 500;

const Outcome = z.enum(FLAG_OUTCOMES, { message: FLAG_OUTCOME_MESSAGES.invalid });

/**
 * The flag id of one reporter's reports on one content (uuid-shaped, from a hash): their reports share
 * one `flag-{id}` stream, where the decider allows one open report at a time.
 */
export function flagIdFor(contentId: string, reporterId: string): string {
  const hex = createHash('sha256').update(`flag\0${contentId}\0${reporterId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const FlagBody = z
  .object({
    content_id: z.string({ message: 'content_id is required.' }).trim().min(1, 'content_id is required.').max(ID_MAX),
    reason: z
      .string({ message: FLAG_MESSAGES.reasonRequired })
      .trim()
      .min(1, FLAG_MESSAGES.reasonRequired)
      .max(FLAG_REASON_MAX, FLAG_MESSAGES.reasonTooLong),
  })
  .strict();

export const BulkDeleteBody = z
  .object({
    flag_ids: z
      .array(z.string().trim().min(1).max(ID_MAX), { message: 'flag_ids must be a list of flag ids.' })
      .min(1, 'flag_ids must name at least one flag.')
      .max(BULK_DELETE_MAX, `flag_ids may name at most ${BULK_DELETE_MAX} flags.`),
    outcome: Outcome.optional(),
    ask_outcome: z.boolean({ message: 'ask_outcome must be true or false.' }).optional(),
  })
  .strict();

/**
 * `DELETE /flags/{id}?outcome=approve|keep[&ask_outcome=true]`: what becomes of content under review when its
 * last open flag goes. A client that can ask its admin (the admin report) sends `ask_outcome=true` and gets a
 * 409 naming the choice; SPEC's plain call keeps the status (the content stays on "Moderated content").
 */
export const DeleteFlagQuery = z.object({ outcome: Outcome.optional(), ask_outcome: z.enum(['true', 'false'], { message: 'ask_outcome must be true or false.' }).optional() }).strict();

/** The outcome to apply: the one given; none when the client asks to be asked; else the status is kept. */
const outcomeOf = (outcome: FlagOutcome | undefined, askOutcome: boolean): FlagOutcome | undefined => outcome ?? (askOutcome ? undefined : 'keep');

/** `DELETE /admin/content/{id}` may say why (told to the owner); SPEC's call sends no body. */
export const RemoveBody = z.object({ reason: ModerationReason }).strict();

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

  /**
   * What deleting `flagIds` (open flags, as the read model lists them) does to their contents: those left
   * flagged or under review with no open flag need an outcome (flag-outcome.ts), and which of the flags is
   * the last one deleted for each of them.
   */
  const deletionPlan = async (flagIds: readonly string[]) => {
    const open = await flags().find({ _id: { $in: [...flagIds] } });
    const byContent = new Map<string, string[]>();
    for (const flag of open) byContent.set(flag.content_id, [...(byContent.get(flag.content_id) ?? []), flag._id]);
    const lastFlagOf = new Map<string, ContentDoc>();
    for (const [contentId, ids] of byContent) {
      const content = await contents().findOne({ _id: contentId });
      const left = (await flags().count({ content_id: contentId })) - ids.length;
      if (content && outcomeNeeded(content, left)) lastFlagOf.set(ids.at(-1)!, content);
    }
    return { open, lastFlagOf };
  };

  /** Applies the outcome before the last flag goes, so a failure half-way never strands the content. */
  const applyOutcome = async (content: ContentDoc, outcome: FlagOutcome, adminId: string): Promise<void> => {
    if (outcome === 'approve') await changeModerationStatus(ctx, content, 'approved', adminId);
  };

  router.post('/flags/bulk-delete', auth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const input = parseInput(BulkDeleteBody, req.body ?? {});
    const outcome = outcomeOf(input.outcome, input.ask_outcome === true);
    const ids = [...new Set(input.flag_ids)];
    const { lastFlagOf } = await deletionPlan(ids);
    // All or nothing: nothing is deleted until the admin said what becomes of content left under review.
    if (lastFlagOf.size > 0 && !outcome) throw new ConflictError(FLAG_OUTCOME_MESSAGES.requiredBulk);
    const now = ctx.clock().toISOString();
    let deleted = 0;
    let last: Position | undefined;
    for (const flagId of ids) {
      const content = lastFlagOf.get(flagId);
      try {
        if (content && outcome) await applyOutcome(content, outcome, admin._id);
        const result = await handleCommand(
          ctx.eventStore,
          flagDecider,
          flagStream(flagId),
          { type: 'DeleteFlag', data: { flagId, deletedBy: admin._id, now, leavesContentUnderReview: content !== undefined, outcome } },
          { metadata: { userId: admin._id } },
        );
        deleted += 1;
        if (result.position !== undefined && (last === undefined || result.position > last)) last = result.position;
      } catch (error) {
        // Unknown or already deleted flags (and content removed meanwhile) are skipped: the answer counts what this call deleted.
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    await settle(ctx, last);
    res.json({ deleted });
  });

  router.delete('/flags/:id', auth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const flagId = String(req.params.id);
    const query = parseInput(DeleteFlagQuery, { ...req.query });
    const outcome = outcomeOf(query.outcome, query.ask_outcome === 'true');
    const content = (await deletionPlan([flagId])).lastFlagOf.get(flagId);
    // Without an outcome the decider refuses (409) before anything is written.
    if (content && outcome) await applyOutcome(content, outcome, admin._id);
    await execute(
      ctx,
      flagDecider,
      flagStream(flagId),
      {
        type: 'DeleteFlag',
        data: { flagId, deletedBy: admin._id, now: ctx.clock().toISOString(), leavesContentUnderReview: content !== undefined, outcome },
      },
      { userId: admin._id },
    );
    const body: Record<string, unknown> = { id: flagId, message: 'Flag deleted successfully.' };
    if (content && query.outcome) {
      body.outcome = outcome;
      const updated = await contents().findOne({ _id: content._id });
      if (updated) body.content = toModeratedContentDto(updated);
    }
    res.json(body);
  });

  router.put('/flags/:id/content-status', auth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const { new_status, reason } = parseInput(StatusBody, req.body ?? {});
    const flag = await flags().findOne({ _id: String(req.params.id) });
    if (!flag) throw new NotFoundError(FLAG_MESSAGES.notFound);
    const content = await contents().findOne({ _id: flag.content_id });
    if (!content || content.deleted) throw contentNotFound();
    res.json(toModeratedContentDto(await changeModerationStatus(ctx, content, new_status, admin._id, reason ?? null)));
  });

  router.delete('/admin/content/:id', auth, requireAdmin, async (req, res) => {
    const admin = currentUser(req);
    const { reason } = parseInput(RemoveBody, req.body ?? {});
    const content = await contents().findOne({ _id: String(req.params.id) });
    if (!content) throw contentNotFound();
    const flagReasons = reason?.trim() ? [] : await openFlagReasons(ctx, content._id);
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
          reason: reason ?? null,
          flagReasons,
        },
      },
      { userId: admin._id },
    );
    res.json({ id: content._id, message: 'Content deleted successfully.' });
  });

  return router;
}

import { z } from 'zod';
import { moderationDecider, MODERATION_MESSAGES, MODERATION_REASON_MAX } from '@crossfeed/domain/content/moderation.decider.ts';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { MODERATION_STATUSES } from '@crossfeed/domain/rules/content-types.ts';
import { shownStatus } from '@crossfeed/domain/rules/content-visibility.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { FLAGS, type FlagDoc } from '@crossfeed/projections/flags/flags.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';

/** The admin's optional reason for a moderation decision (told to the owner on a removal). */
export const ModerationReason = z
  .string({ message: 'reason must be text.' })
  .max(MODERATION_REASON_MAX, MODERATION_MESSAGES.reasonTooLong)
  .nullish();

/** `new_status` (SPEC §7) and the optional reason: the body of every moderation status change. */
export const StatusBody = z
  .object({
    new_status: z.enum(MODERATION_STATUSES, { message: MODERATION_MESSAGES.invalidStatus }),
    reason: ModerationReason,
  })
  .strict();

export const contentNotFound = (): NotFoundError => new NotFoundError(MODERATION_MESSAGES.contentNotFound);

/** The reasons of the content's open flags, oldest first: what a removal without a reason tells the owner. */
export async function openFlagReasons(ctx: ApiContext, contentId: string): Promise<string[]> {
  const open = await ctx.readStore.collection<FlagDoc>(FLAGS).find({ content_id: contentId }, { sort: { created_at: 1, _id: 1 } });
  return open.map((flag) => flag.reason);
}

/**
 * Sets the content's moderation status (SPEC §4) as `adminId`, with the admin's optional reason, and answers
 * the content as the read model holds it afterwards. The one path for the flag row's select and the
 * "Moderated content" view.
 */
export async function changeModerationStatus(
  ctx: ApiContext,
  content: ContentDoc,
  status: ModerationStatus,
  adminId: string,
  reason: string | null = null,
): Promise<ContentDoc> {
  const flagReasons = status === 'deleted' && !reason?.trim() ? await openFlagReasons(ctx, content._id) : [];
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
        status,
        currentStatus: shownStatus(content),
        changedBy: adminId,
        now: ctx.clock().toISOString(),
        reason,
        flagReasons,
      },
    },
    { userId: adminId },
  );
  const updated = await ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: content._id });
  if (!updated) throw contentNotFound();
  return updated;
}

import { Router } from 'express';
import { z } from 'zod';
import { BATCH_MESSAGES, batchIds } from '@crossfeed/domain/rules/batch.ts';
import { BATCH_ITEMS_MAX } from '@crossfeed/domain/rules/limits.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { isEventOf, type DomainEventType } from '@crossfeed/domain/events.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import type { BatchContentActionKind } from '@crossfeed/domain/users/creator-content.commands.ts';
import { CONTENT_MESSAGES, creatorContentDecider } from '@crossfeed/domain/users/creator-content.decider.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { isRemoved } from '@crossfeed/domain/rules/content-visibility.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { parseInput } from '../../http/validate.ts';
import { toContentDto } from './content.dto.ts';

/** Repeats are allowed (they count once); the raw list is still bounded so a body cannot be huge. */
export const BatchContentBody = z.strictObject({
  action: z.enum(['pause', 'resume', 'delete'], { error: 'must be one of pause, resume, delete.' }),
  content_ids: z
    .array(z.string({ error: 'must be content ids.' }).trim().min(1, 'must be content ids.').max(100, 'must be content ids.'), {
      error: 'must be a list of content ids.',
    })
    .min(1, BATCH_MESSAGES.empty)
    .max(BATCH_ITEMS_MAX * 2, BATCH_MESSAGES.tooMany),
});

const DONE: Record<BatchContentActionKind, string> = { pause: 'paused', resume: 'resumed', delete: 'deleted' };
const EVENT_OF = { pause: 'ContentPaused', resume: 'ContentResumed', delete: 'ContentDeleted' } as const satisfies Record<BatchContentActionKind, DomainEventType>;
const items = (count: number): string => `${count} ${count === 1 ? 'item' : 'items'}`;

/** "3 items paused." / "2 items paused; 1 was already paused." / "1 item resumed; 1 was not paused." */
export function batchResultMessage(action: BatchContentActionKind, changed: number, unchanged: number): string {
  if (unchanged === 0) return `${items(changed)} ${DONE[action]}.`;
  const state = action === 'pause' ? 'already paused' : 'not paused';
  if (changed === 0) return `Nothing changed: the selected ${unchanged === 1 ? 'item was' : 'items were'} ${state}.`;
  return `${items(changed)} ${DONE[action]}; ${unchanged} ${unchanged === 1 ? 'was' : 'were'} ${state}.`;
}

/**
 * POST /content/batch (Premium): pause, resume or delete several own contents in one request, all or
 * nothing. Every id is checked first (the owner's stream decides ownership; the read model adds admin
 * removal); one failing id refuses the batch with a 404 naming the failing ids and nothing is written.
 * The contents' lifecycle lives on `user-{id}`, so the whole batch is one command and one append.
 */
export function contentBatchRoutes(ctx: ApiContext): Router {
  const router = Router();

  router.post('/content/batch', requireAuth(ctx), async (req, res) => {
    const user = currentUser(req);
    const now = ctx.clock().toISOString();
    const isPremium = isPremiumActive(user, now);
    const body = parseInput(BatchContentBody, req.body ?? {});
    const ids = batchIds(body.content_ids, isPremium);
    const contents = ctx.readStore.collection<ContentDoc>(CONTENTS);
    // Removed by an admin: gone for its owner too (the owner's stream does not know it).
    const removed = await contents.find({ _id: { $in: ids }, user_id: user._id }, { projection: { _id: 1, deleted: 1, moderation_status: 1 } });
    const gone = removed.filter((doc) => isRemoved(doc)).map((doc) => doc._id);
    if (gone.length > 0) throw new NotFoundError(CONTENT_MESSAGES.batchNotFound(ids.filter((id) => gone.includes(id))));
    const { events } = await execute(
      ctx,
      creatorContentDecider,
      userStream(user._id),
      { type: 'BatchContentAction', data: { action: body.action, contentIds: ids, userId: user._id, isPremium, now } },
      { userId: user._id },
    );
    const changedIds = events.filter(isEventOf(EVENT_OF[body.action])).map((event) => event.data.contentId);
    const unchangedIds = ids.filter((id) => !changedIds.includes(id));
    const after = body.action === 'delete' ? [] : await contents.find({ _id: { $in: ids }, user_id: user._id });
    res.json({
      action: body.action,
      message: batchResultMessage(body.action, changedIds.length, unchangedIds.length),
      changed: changedIds,
      unchanged: unchangedIds,
      contents: after.map(toContentDto),
    });
  });

  return router;
}

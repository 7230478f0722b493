import { Router } from 'express';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { assertCanSchedule, SCHEDULE_MESSAGES, scheduleDecider } from '@crossfeed/domain/schedules/schedule.decider.ts';
import type { ScheduleCommand } from '@crossfeed/domain/schedules/schedule.commands.ts';
import { ConflictError, NotFoundError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { schedulesStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { CONTENT_MESSAGES, creatorContentDecider } from '@crossfeed/domain/users/creator-content.decider.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import type { Sort } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { isRemoved, isShareable } from '@crossfeed/domain/rules/content-visibility.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { SCHEDULES, type ScheduleDoc } from '@crossfeed/projections/schedules/schedules.projection.ts';
import type { UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { SCHEDULED_ACTION_QUEUE, scheduledActionJobId } from '@crossfeed/workers/schedules/scheduled-action.processor.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toScheduleDto } from './schedule.dto.ts';
import { ScheduleBody, type ScheduleBodyInput } from './schedules.schemas.ts';

export const SCHEDULE_UNKNOWN_CONTACTS = 'Unknown contacts.';

/** Waiting first (soonest first), then finished (latest first); the id breaks ties so pages never overlap. */
const UPCOMING_FIRST: Sort = { rank: 1, order: 1, _id: 1 };

/** The command that schedules what the body asks for, after the checks that need the read models. */
async function scheduleCommand(ctx: ApiContext, user: UserDoc, body: ScheduleBodyInput, now: string): Promise<ScheduleCommand> {
  const base = { scheduleId: ctx.newId(), userId: user._id, contentId: body.content_id, runAt: body.run_at, isPremium: isPremiumActive(user, now), now };
  if (body.kind === 'share') {
    const content = await ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: body.content_id });
    if (!content || !isShareable(content)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
    if (content.user_id === user._id) throw new ValidationError(CONTENT_MESSAGES.shareOwnContent);
    const known = await ctx.readStore.collection<ContactDoc>(CONTACTS).count({ _id: { $in: body.contact_ids }, user_id: user._id });
    if (known !== body.contact_ids.length) throw new ValidationError(SCHEDULE_UNKNOWN_CONTACTS);
    return { type: 'ScheduleShare', data: { ...base, contentTitle: content.title, contactIds: body.contact_ids } };
  }
  // Only the owner's own item, still queued as the creator's stream has it (another user's: not found).
  const content = await ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: body.content_id, user_id: user._id });
  if (!content || isRemoved(content)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
  const own = await commandHandlerFor(ctx.eventStore).query(creatorContentDecider, userStream(user._id), (state) => {
    const item = state.contents.get(body.content_id);
    return item ? { released: item.released, deleted: item.deleted } : null;
  });
  if (!own || own.deleted) throw new NotFoundError(CONTENT_MESSAGES.notFound);
  if (own.released) throw new ConflictError(CONTENT_MESSAGES.alreadyLive);
  return { type: 'ScheduleRelease', data: { ...base, contentTitle: content.title } };
}

/**
 * Auto-scheduling (Premium): schedule a share or the release of a queued item for later, list the caller's
 * schedules, cancel one. The job that runs them is `workers/src/schedules/scheduled-action.processor.ts`.
 */
export function scheduleRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const schedules = () => ctx.readStore.collection<ScheduleDoc>(SCHEDULES);

  router.post('/schedules', auth, async (req, res) => {
    const user = currentUser(req);
    const now = ctx.clock().toISOString();
    assertCanSchedule(isPremiumActive(user, now));
    const body = parseInput(ScheduleBody, req.body ?? {});
    const command = await scheduleCommand(ctx, user, body, now);
    await execute(ctx, scheduleDecider, schedulesStream(user._id), command, { userId: user._id });
    if (command.type === 'ScheduleRelease') {
      // Held back until its time (a pause): a match completed meanwhile banks a credit for it instead of
      // releasing it early. Pausing a held item again changes nothing.
      await execute(ctx, creatorContentDecider, userStream(user._id), { type: 'PauseContent', data: { contentId: command.data.contentId, userId: user._id, now } }, { userId: user._id });
    }
    const doc = await schedules().findOne({ _id: command.data.scheduleId, user_id: user._id });
    if (!doc) throw new Error('the schedules read model did not include a new schedule');
    res.status(201).json(toScheduleDto(doc));
  });

  router.get('/schedules', auth, async (req, res) => {
    const user = currentUser(req);
    await sendPagedList(req, res, schedules(), { user_id: user._id }, UPCOMING_FIRST, (docs) => docs.map(toScheduleDto));
  });

  router.delete('/schedules/:id', auth, async (req, res) => {
    const user = currentUser(req);
    // Another user's schedule is answered like a missing one, so ids do not leak.
    const found = await schedules().findOne({ _id: String(req.params.id ?? ''), user_id: user._id });
    if (!found) throw new NotFoundError(SCHEDULE_MESSAGES.notFound);
    const { events } = await execute(
      ctx,
      scheduleDecider,
      schedulesStream(user._id),
      { type: 'CancelSchedule', data: { scheduleId: found._id, userId: user._id, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    if (events.length > 0 && found.kind === 'release') {
      // The held item goes back into the queue (released at once if a credit is banked), as a resume does.
      await execute(ctx, creatorContentDecider, userStream(user._id), { type: 'ResumeContent', data: { contentId: found.content_id, userId: user._id, now: ctx.clock().toISOString() } }, { userId: user._id }).catch(
        (error: unknown) => {
          // Deleted since: nothing to give back.
          if (!(error instanceof NotFoundError)) throw error;
        },
      );
    }
    if (events.length > 0) {
      // Tidy only: a job that still fires finds the schedule cancelled and does nothing.
      await ctx.jobQueue
        .removeWaiting(SCHEDULED_ACTION_QUEUE, scheduledActionJobId(found._id))
        .catch((error: unknown) => ctx.logger.warn({ err: error, scheduleId: found._id }, 'could not remove a cancelled schedule’s job'));
    }
    res.json(toScheduleDto((await schedules().findOne({ _id: found._id, user_id: user._id })) ?? found));
  });

  return router;
}

import { randomInt } from 'node:crypto';
import { Router, type Request } from 'express';
import { CONTENT_TYPES, HIDDEN_STATUSES } from '@crossfeed/domain/rules/content-types.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import {
  CONTENT_MESSAGES,
  creatorContentDecider,
  remainingShuffles,
  submissionInfo,
  type CreatorContentState,
} from '@crossfeed/domain/users/creator-content.decider.ts';
import type { ContentSubmitted } from '@crossfeed/domain/users/user.events.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS, newContentDoc, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toContentDto, type ContentDto } from './content.dto.ts';
import { EditContentBody, MatchQuery, PREMIUM_FILTERS, ShareContentBody, SubmitContentBody } from './content.schemas.ts';
import { findMatches, findShuffledMatches } from './match.queries.ts';
import { searchRoutes } from './search.routes.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';

export const UNKNOWN_CONTACTS = 'Unknown contacts.';

/** Deleted by its owner, removed by an admin, or set to the moderation status `deleted`. */
const isRemoved = (doc: ContentDoc): boolean => doc.deleted || doc.status === 'deleted';
/** Out of matching, search and sharing (flagged, under review or removed). */
const isHidden = (doc: ContentDoc): boolean => isRemoved(doc) || HIDDEN_STATUSES.includes(doc.status);
const paramId = (req: Request): string => String(req.params.id ?? '');

/** Reads the content side of the user's stream: the same (cached) state the quotas are decided on. */
function readCreatorState<Result>(ctx: ApiContext, userId: string, read: (state: CreatorContentState) => Result): Promise<Result> {
  return commandHandlerFor(ctx.eventStore).query(creatorContentDecider, userStream(userId), read);
}

function findContent(ctx: ApiContext, id: string): Promise<ContentDoc | null> {
  return ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: id });
}

/** The new content as the read model has it, or as the event says if the projection is late. */
async function submittedDto(ctx: ApiContext, event: ContentSubmitted): Promise<ContentDto> {
  const doc = await findContent(ctx, event.data.contentId);
  if (doc) return toContentDto(doc);
  return toContentDto(newContentDoc(event.data));
}

/**
 * SPEC §7 Search and content: /content, /content/{id}, matching, shuffles, shares, submission info and
 * /search. Specific paths come before `/content/:id`.
 */
export function contentRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  router.get('/content/types', (_req, res) => {
    res.json({ content_types: CONTENT_TYPES });
  });

  router.get('/api/users/submission-info', auth, async (req, res) => {
    const user = currentUser(req);
    const now = ctx.clock().toISOString();
    const info = await readCreatorState(ctx, user._id, (state) => submissionInfo(state, now, isPremiumActive(user, now)));
    res.json({
      weekly_submission_count: info.weeklySubmissionCount,
      last_submission_date: info.lastSubmissionDate,
      can_submit: info.canSubmit,
      submissions_remaining: info.submissionsRemaining,
    });
  });

  router.get('/content/match', auth, async (req, res) => {
    const user = currentUser(req);
    const query = parseInput(MatchQuery, req.query);
    const now = ctx.clock().toISOString();
    const ranked = query.ranked_content ?? false;
    const topPerformers = query.top_performers ?? false;
    if ((ranked || topPerformers) && !isPremiumActive(user, now)) throw new ForbiddenError(PREMIUM_FILTERS);
    const matches = await findMatches(ctx, user, now, { ranked, topPerformers });
    res.json(matches.map(toContentDto));
  });

  router.post('/content/shuffle', auth, async (req, res) => {
    const user = currentUser(req);
    const now = ctx.clock().toISOString();
    const seed = randomInt(0, 2 ** 31 - 1);
    await execute(
      ctx,
      creatorContentDecider,
      userStream(user._id),
      { type: 'ShuffleMatches', data: { userId: user._id, seed, isPremium: isPremiumActive(user, now), now } },
      { userId: user._id },
    );
    const matches = await findShuffledMatches(ctx, user, now, seed);
    res.json(matches.map(toContentDto));
  });

  router.get('/content/shuffles/remaining', auth, async (req, res) => {
    const user = currentUser(req);
    const now = ctx.clock().toISOString();
    if (isPremiumActive(user, now)) {
      res.json({ remaining_shuffles: 'Unlimited' });
      return;
    }
    res.json({ remaining_shuffles: await readCreatorState(ctx, user._id, (state) => remainingShuffles(state, now)) });
  });

  // The owner's own contents, newest first (the id breaks ties), paged.
  router.get('/content', auth, async (req, res) => {
    const user = currentUser(req);
    const filter = { user_id: user._id, deleted: false, status: { $ne: 'deleted' } };
    await sendPagedList(req, res, ctx.readStore.collection<ContentDoc>(CONTENTS), filter, { created_at: -1, _id: -1 }, (docs) => docs.map(toContentDto));
  });

  router.post('/content', auth, async (req, res) => {
    const user = currentUser(req);
    const body = parseInput(SubmitContentBody, req.body ?? {});
    const now = ctx.clock().toISOString();
    const { events } = await execute(
      ctx,
      creatorContentDecider,
      userStream(user._id),
      {
        type: 'SubmitContent',
        data: { contentId: ctx.newId(), userId: user._id, username: user.username, ...body, isPremium: isPremiumActive(user, now), now },
      },
      { userId: user._id },
    );
    const submitted = events.find((event): event is ContentSubmitted => event.type === 'ContentSubmitted');
    if (!submitted) throw new Error('SubmitContent decided no ContentSubmitted event');
    res.status(201).json(await submittedDto(ctx, submitted));
  });

  router.post('/content/:id/share', auth, async (req, res) => {
    const user = currentUser(req);
    const contactIds = parseInput(ShareContentBody, req.body ?? []);
    const content = await findContent(ctx, paramId(req));
    if (!content || isHidden(content)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
    if (content.user_id === user._id) throw new ValidationError(CONTENT_MESSAGES.shareOwnContent);
    const owned = await ctx.readStore.collection<ContactDoc>(CONTACTS).count({ _id: { $in: contactIds }, user_id: user._id });
    if (owned !== contactIds.length) throw new ValidationError(UNKNOWN_CONTACTS);
    const now = ctx.clock().toISOString();
    await execute(
      ctx,
      creatorContentDecider,
      userStream(user._id),
      {
        type: 'ShareContent',
        data: {
          shareId: ctx.newId(),
          contentId: content._id,
          contentOwnerId: content.user_id,
          contentTitle: content.title,
          sharerId: user._id,
          sharerUsername: user.username,
          contactIds,
          isPremium: isPremiumActive(user, now),
          now,
        },
      },
      { userId: user._id },
    );
    const updated = await findContent(ctx, content._id);
    res.json({ message: 'Content shared successfully!', share_count: updated?.share_count ?? content.share_count + 1 });
  });

  router.get('/content/:id', auth, async (req, res) => {
    const user = currentUser(req);
    const doc = await findContent(ctx, paramId(req));
    // Any signed-in user reads visible content; the owner (and admins) also see it while it is flagged.
    const mayRead = doc && !isRemoved(doc) && (!isHidden(doc) || doc.user_id === user._id || user.is_admin);
    if (!doc || !mayRead) throw new NotFoundError(CONTENT_MESSAGES.notFound);
    res.json(toContentDto(doc));
  });

  router.put('/content/:id', auth, async (req, res) => {
    const user = currentUser(req);
    const body = parseInput(EditContentBody, req.body ?? {});
    const id = paramId(req);
    const existing = await findContent(ctx, id);
    // Removed by an admin: gone for its owner too. Ownership itself is decided on the owner's stream.
    if (!existing || isRemoved(existing)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
    await execute(
      ctx,
      creatorContentDecider,
      userStream(user._id),
      { type: 'EditContent', data: { contentId: id, userId: user._id, ...body, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    const doc = await findContent(ctx, id);
    res.json(toContentDto(doc ?? { ...existing, ...body }));
  });

  router.delete('/content/:id', auth, async (req, res) => {
    const user = currentUser(req);
    const id = paramId(req);
    const existing = await findContent(ctx, id);
    if (!existing || isRemoved(existing)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
    await execute(
      ctx,
      creatorContentDecider,
      userStream(user._id),
      { type: 'DeleteContent', data: { contentId: id, userId: user._id, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    res.json({ message: 'Content deleted successfully!' });
  });

  router.use(searchRoutes(ctx));
  return router;
}

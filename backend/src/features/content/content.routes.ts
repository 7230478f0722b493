import { randomInt } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { CONTENT_TYPES } from '@crossfeed/domain/rules/content-types.ts';
import { ForbiddenError, NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import {
  CONTENT_MESSAGES,
  creatorContentDecider,
  remainingShuffles,
  submissionInfo,
} from '@crossfeed/domain/users/creator-content.decider.ts';
import type { PauseContent, ResumeContent } from '@crossfeed/domain/users/creator-content.commands.ts';
import type { ContentSubmitted } from '@crossfeed/domain/users/user.events.ts';
import { CONTENTS, newContentDoc, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { OWN_LIST_FILTER } from '@crossfeed/projections/contents/content-visibility.ts';
import { isReadableBy, isRemoved } from '@crossfeed/domain/rules/content-visibility.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { readCreatorState } from './creator-state.ts';
import { toContentDto, type ContentDto } from './content.dto.ts';
import type { MatchedContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { EditContentBody, MatchQuery, PREMIUM_FILTERS, SubmitContentBody } from './content.schemas.ts';
import { findMatches, findShuffledMatches } from './match.queries.ts';
import { searchRoutes } from './search.routes.ts';
import { shareRoutes } from './share.routes.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';

const paramId = (req: Request): string => String(req.params.id ?? '');


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

  /** Pause or resume own content; the answer is the content as it is now. */
  const ownerAction = (type: 'PauseContent' | 'ResumeContent') =>
    async (req: Request, res: Response): Promise<void> => {
      const user = currentUser(req);
      const id = paramId(req);
      const existing = await findContent(ctx, id);
      // Another user's content is decided not found on the caller's own stream (404 either way).
      if (!existing || isRemoved(existing)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
      const command = { type, data: { contentId: id, userId: user._id, now: ctx.clock().toISOString() } } as PauseContent | ResumeContent;
      await execute(ctx, creatorContentDecider, userStream(user._id), command, { userId: user._id });
      res.json(toContentDto((await findContent(ctx, id)) ?? existing));
    };

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
    const answer: MatchedContentDto[] = matches.map(({ doc, basis }) => (basis ? { ...toContentDto(doc), rank_basis: basis } : toContentDto(doc)));
    res.json(answer);
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
    const filter = OWN_LIST_FILTER(user._id);
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

  // Shares, their targets, summary and preview (before `/content/:id`).
  router.use(shareRoutes(ctx));

  router.post('/content/:id/pause', auth, ownerAction('PauseContent'));
  router.post('/content/:id/resume', auth, ownerAction('ResumeContent'));

  router.get('/content/:id', auth, async (req, res) => {
    const user = currentUser(req);
    const doc = await findContent(ctx, paramId(req));
    // Any signed-in user reads visible content; the owner (and admins) also see it while it is flagged.
    if (!doc || !isReadableBy(doc, user)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
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

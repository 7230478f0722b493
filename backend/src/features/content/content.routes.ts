import { randomInt } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { CONTENT_TYPES } from '@crossfeed/domain/rules/content-types.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import {
  CONTENT_MESSAGES,
  creatorContentDecider,
  matchProgress,
  remainingShuffles,
  shareTargetState,
  submissionInfo,
  type CreatorContentState,
} from '@crossfeed/domain/users/creator-content.decider.ts';
import type { PauseContent, ResumeContent } from '@crossfeed/domain/users/creator-content.commands.ts';
import type { ContentReleased, ContentShared, ContentSubmitted } from '@crossfeed/domain/users/user.events.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS, newContentDoc, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { OWN_LIST_FILTER, isReadableBy, isRemoved, isShareable } from '@crossfeed/projections/contents/content-visibility.ts';
import { SHARES, type ShareDoc } from '@crossfeed/projections/shares/shares.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toContentDto, type ContentDto } from './content.dto.ts';
import { EditContentBody, MatchQuery, PREMIUM_FILTERS, ShareContentBody, ShareQuery, SubmitContentBody } from './content.schemas.ts';
import { findMatches, findShuffledMatches } from './match.queries.ts';
import { searchRoutes } from './search.routes.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';

export const UNKNOWN_CONTACTS = 'Unknown contacts.';

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

  // The caller's own shares, newest first: what each sent and to whom (names of their own contacts only).
  router.get('/content/shares/sent', auth, async (req, res) => {
    const user = currentUser(req);
    const shares = ctx.readStore.collection<ShareDoc>(SHARES);
    // `?content_id=` narrows the list to the shares of one content (the share modal's "sent before").
    const contentId = req.query.content_id;
    if (contentId !== undefined && (typeof contentId !== 'string' || contentId === '' || contentId.length > 200)) {
      throw new ValidationError('content_id must be one content id.');
    }
    const filter = contentId === undefined ? { sharer_id: user._id } : { sharer_id: user._id, content_id: contentId };
    await sendPagedList(req, res, shares, filter, { shared_at: -1, _id: -1 }, async (page) => {
      const contents = await ctx.readStore.collection<ContentDoc>(CONTENTS).find({ _id: { $in: [...new Set(page.map((share) => share.content_id))] } });
      const titles = new Map(contents.map((doc) => [doc._id, doc.title]));
      const contactIds = [...new Set(page.flatMap((share) => [...share.contact_ids, ...(share.skipped ?? []).map((skip) => skip.contactId)]))];
      const contacts = await ctx.readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: contactIds }, user_id: user._id });
      const byId = new Map(contacts.map((contact) => [contact._id, contact]));
      const named = (id: string) => ({ id, name: byId.get(id)?.name ?? null, email: byId.get(id)?.email ?? null });
      return page.map((share) => ({
        id: share._id,
        content_id: share.content_id,
        content_title: titles.get(share.content_id) ?? null,
        shared_at: share.shared_at,
        reached: share.contact_ids.map(named),
        skipped: (share.skipped ?? []).map((skip) => ({ ...named(skip.contactId), reason: skip.reason })),
      }));
    });
  });

  // The caller's contacts (paged like GET /contacts/) and whether this content can reach each of them now.
  router.get('/content/:id/share-targets', auth, async (req, res) => {
    const user = currentUser(req);
    const content = await findContent(ctx, paramId(req));
    if (!content || !isShareable(content)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
    if (content.user_id === user._id) throw new ValidationError(CONTENT_MESSAGES.shareOwnContent);
    const now = ctx.clock().toISOString();
    const cap = ctx.config.SHARE_EMAILS_PER_CONTACT_PER_DAY;
    const sort = { created_at: 1, email_key: 1, _id: 1 } as const;
    await sendPagedList(req, res, ctx.readStore.collection<ContactDoc>(CONTACTS), { user_id: user._id }, sort, (docs) =>
      readCreatorState(ctx, user._id, (state) =>
        docs.map((contact) => ({
          id: contact._id,
          name: contact.name,
          email: contact.email,
          state: shareTargetState(state, content._id, contact._id, now, cap),
        })),
      ),
    );
  });

  router.post('/content/:id/share', auth, async (req, res) => {
    const user = currentUser(req);
    const contactIds = parseInput(ShareContentBody, req.body ?? []);
    const { release_content_id } = parseInput(ShareQuery, req.query);
    const content = await findContent(ctx, paramId(req));
    if (!content || !isShareable(content)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
    if (content.user_id === user._id) throw new ValidationError(CONTENT_MESSAGES.shareOwnContent);
    const contacts = await ctx.readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: contactIds }, user_id: user._id });
    if (contacts.length !== contactIds.length) throw new ValidationError(UNKNOWN_CONTACTS);
    const contactNames = Object.fromEntries(contacts.map((contact) => [contact._id, contact.name]));
    const now = ctx.clock().toISOString();
    const { events } = await execute(
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
          contactNames,
          requiredShares: content.required_shares,
          contactDailyCap: ctx.config.SHARE_EMAILS_PER_CONTACT_PER_DAY,
          ...(release_content_id !== undefined && { releaseContentId: release_content_id }),
          isPremium: isPremiumActive(user, now),
          now,
        },
      },
      { userId: user._id },
    );
    const shared = events.find((event): event is ContentShared => event.type === 'ContentShared');
    const release = events.find((event): event is ContentReleased => event.type === 'ContentReleased');
    const updated = await findContent(ctx, content._id);
    const match = await readCreatorState(ctx, user._id, (state) => matchProgress(state, content._id, content.required_shares));
    const released = release ? await findContent(ctx, release.data.contentId) : null;
    res.json({
      message: 'Content shared successfully!',
      share_count: updated?.share_count ?? content.share_count + 1,
      reached: (shared?.data.contactIds ?? []).map((id) => ({ id, name: contactNames[id] ?? null })),
      skipped: (shared?.data.skipped ?? []).map((skip) => ({ id: skip.contactId, name: contactNames[skip.contactId] ?? null, reason: skip.reason })),
      match,
      released: release ? { id: release.data.contentId, title: released?.title ?? null } : null,
    });
  });

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

import { Router } from 'express';
import type { WorkspaceDto, WorkspaceMatchDto } from '@crossfeed/domain/api/workspace.dto.ts';
import { isLive, isRemoved } from '@crossfeed/domain/rules/content-visibility.ts';
import { FREE_DAILY_SHARES } from '@crossfeed/domain/rules/limits.ts';
import { matchCompleted, shareProgressPercent } from '@crossfeed/domain/rules/share-progress.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { userStream, workspaceStream } from '@crossfeed/domain/shared/streams.ts';
import { creatorContentDecider, dailyShareCount } from '@crossfeed/domain/users/creator-content.decider.ts';
import { workspaceDecider } from '@crossfeed/domain/workspace/workspace.decider.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { deliveredBySharer } from '@crossfeed/projections/match-progress/match-progress.queries.ts';
import type { UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { WORKSPACES, type WorkspaceDoc } from '@crossfeed/projections/workspaces/workspaces.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { parseInput } from '../../http/validate.ts';
import { toContentDto } from '../content/content.dto.ts';
import { WorkspaceSelectionBody } from './workspace.schemas.ts';

export const WORKSPACE_ERRORS = {
  ownMatch: 'match_ids: your own content cannot be one of your matches.',
  unavailableMatch: (id: string) => `match_ids: content ${id} is not available.`,
  unknownContent: (id: string) => `content_ids: content ${id} is not one of your contents.`,
} as const;

/**
 * Another creator's content that may be (or stay) a match: live (released, not paused, not held by moderation:
 * the one visibility rule). Someone's queued item, or one under review, is never a selectable match, so
 * neither GET nor PUT /workspace ever hands out its url.
 */
const isSelectableMatch = (doc: ContentDoc | undefined, userId: string): boolean => doc !== undefined && doc.user_id !== userId && isLive(doc);
/** The caller's own content, still there (the owner keeps seeing it while it is flagged). */
const isOwnContent = (doc: ContentDoc | undefined, userId: string): doc is ContentDoc => doc !== undefined && !isRemoved(doc) && doc.user_id === userId;

/**
 * The home workspace kept on the server (SPEC §2 Home workspace, §4 Workspace steps): the selection lives
 * on `workspace-{userId}`, each match's progress in `match_progress` (the caller's delivered shares), and a
 * Free user's shares left today are read from the same state the share quota is decided on.
 */
export function workspaceRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  const storedSelection = async (userId: string): Promise<{ matchIds: string[]; contentIds: string[] }> => {
    const doc = await ctx.readStore.collection<WorkspaceDoc>(WORKSPACES).findOne({ _id: userId });
    return { matchIds: doc?.match_ids ?? [], contentIds: doc?.content_ids ?? [] };
  };

  const contentsById = async (ids: readonly string[]): Promise<Map<string, ContentDoc>> => {
    if (ids.length === 0) return new Map();
    const docs = await ctx.readStore.collection<ContentDoc>(CONTENTS).find({ _id: { $in: [...new Set(ids)] } });
    return new Map(docs.map((doc) => [doc._id, doc]));
  };

  const sharesLeftToday = async (user: UserDoc, now: string): Promise<number | null> => {
    if (isPremiumActive(user, now)) return null;
    const used = await commandHandlerFor(ctx.eventStore).query(creatorContentDecider, userStream(user._id), (state) => dailyShareCount(state, now));
    return Math.max(0, FREE_DAILY_SHARES - used);
  };

  const view = async (user: UserDoc): Promise<WorkspaceDto> => {
    const now = ctx.clock().toISOString();
    const { matchIds, contentIds } = await storedSelection(user._id);
    const contents = await contentsById([...matchIds, ...contentIds]);
    const available = matchIds.filter((id) => isSelectableMatch(contents.get(id), user._id));
    const delivered = await deliveredBySharer(ctx.readStore, user._id, available);
    const matches = available.map((id): WorkspaceMatchDto => {
      const doc = contents.get(id) as ContentDoc;
      const shares = delivered.get(id) ?? 0;
      return { content_id: id, title: doc.title, delivered: shares, required: doc.required_shares, completed: matchCompleted(shares, doc.required_shares), content: toContentDto(doc) };
    });
    const own = contentIds.map((id) => contents.get(id)).filter((doc) => isOwnContent(doc, user._id));
    const left = await sharesLeftToday(user, now);
    return {
      match_ids: available,
      content_ids: own.map((doc) => doc._id),
      matches,
      contents: own.map(toContentDto),
      progress_percent: shareProgressPercent(matches),
      shares_left_today: left,
      daily_share_limit: left === null ? null : FREE_DAILY_SHARES,
    };
  };

  router.get('/workspace', auth, async (req, res) => {
    res.json(await view(currentUser(req)));
  });

  router.put('/workspace', auth, async (req, res) => {
    const user = currentUser(req);
    const body = parseInput(WorkspaceSelectionBody, req.body ?? {});
    const current = await storedSelection(user._id);
    const contents = await contentsById([...body.match_ids, ...body.content_ids]);
    // A new id must be live now (not someone's queued item, not under review, flagged or deleted); one already
    // selected that has since gone is dropped quietly, so a workspace holding it can still be changed.
    const matchIds = body.match_ids.filter((id) => {
      const doc = contents.get(id);
      if (isSelectableMatch(doc, user._id)) return true;
      if (doc?.user_id === user._id && !current.matchIds.includes(id)) throw new ValidationError(WORKSPACE_ERRORS.ownMatch);
      if (current.matchIds.includes(id)) return false;
      throw new ValidationError(WORKSPACE_ERRORS.unavailableMatch(id));
    });
    const contentIds = body.content_ids.filter((id) => {
      if (isOwnContent(contents.get(id), user._id)) return true;
      if (current.contentIds.includes(id)) return false;
      // Another user's content is answered like a missing one, so ids do not leak.
      throw new ValidationError(WORKSPACE_ERRORS.unknownContent(id));
    });
    await execute(
      ctx,
      workspaceDecider,
      workspaceStream(user._id),
      { type: 'ChangeWorkspaceSelection', data: { userId: user._id, matchIds, contentIds, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    res.json(await view(user));
  });

  router.post('/workspace/reset', auth, async (req, res) => {
    const user = currentUser(req);
    await execute(ctx, workspaceDecider, workspaceStream(user._id), { type: 'ResetWorkspace', data: { userId: user._id, now: ctx.clock().toISOString() } }, {
      userId: user._id,
    });
    res.json(await view(user));
  });

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import type { ModeratedItemDto } from '@crossfeed/domain/api/flags.dto.ts';
import { MODERATION_STATUSES } from '@crossfeed/domain/rules/content-types.ts';
import type { Filter } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { FLAGS, type FlagDoc } from '@crossfeed/projections/flags/flags.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { currentUser, requireAdmin, requireAuth } from '../../auth/require-auth.ts';
import { sendPagedList, withoutPageParams } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toModeratedContentDto } from '../flags/flag.dto.ts';
import { changeModerationStatus, contentNotFound, StatusBody } from '../flags/moderation.ts';

export const ListQuery = z
  .object({
    status: z.enum(MODERATION_STATUSES, { message: `must be one of: ${MODERATION_STATUSES.join(', ')}.` }).optional(),
  })
  .strict();

/**
 * Content an admin has moderated, wherever its flags went: a moderation status is set, and it was not
 * deleted by its owner (content removed by an admin stays listed, as `deleted` and `removed`).
 */
function moderatedFilter(status: string | undefined): Filter {
  if (status === 'deleted') return { moderation_status: 'deleted' };
  if (status) return { moderation_status: status, deleted: false };
  return { moderation_status: { $in: [...MODERATION_STATUSES] }, $or: [{ deleted: false }, { moderation_status: 'deleted' }] };
}

function toModeratedItemDto(doc: ContentDoc, openFlags: number): ModeratedItemDto {
  return {
    id: doc._id,
    title: doc.title,
    content_type: doc.content_type,
    categories: doc.categories,
    user: { id: doc.user_id, username: doc.username },
    status: doc.moderation_status ?? doc.status,
    removed: doc.deleted,
    reason: doc.decision_reason ?? doc.moderation_reason ?? null,
    open_flags: openFlags,
    updated_at: doc.updated_at,
  };
}

/**
 * The admin report's "Moderated content" view (docs/security.md, "Moderation that sticks"): every item with
 * a moderation status, so content under review stays reachable once its flags are gone.
 *
 * - `GET /admin/content?status=flagged|under_review|approved|deleted` (optional; paged by `limit`/`offset`,
 *   total in `X-Total-Count`): most recently changed first.
 * - `PUT /admin/content/{id}/status` with `new_status` (and an optional `reason`, told to the owner on a
 *   removal): the same change as the flag row's select, without a flag. Answers the updated content.
 */
export function moderatedContentRoutes(ctx: ApiContext): Router {
  const router = Router();
  const admin = [requireAuth(ctx), requireAdmin];
  const contents = () => ctx.readStore.collection<ContentDoc>(CONTENTS);
  const flags = () => ctx.readStore.collection<FlagDoc>(FLAGS);

  router.get('/admin/content', ...admin, async (req, res) => {
    const { status } = parseInput(ListQuery, withoutPageParams(req.query));
    await sendPagedList(req, res, contents(), moderatedFilter(status), { updated_at: -1, _id: -1 }, (page) =>
      Promise.all(page.map(async (doc) => toModeratedItemDto(doc, await flags().count({ content_id: doc._id })))),
    );
  });

  router.put('/admin/content/:id/status', ...admin, async (req, res) => {
    const user = currentUser(req);
    const { new_status, reason } = parseInput(StatusBody, req.body ?? {});
    const content = await contents().findOne({ _id: String(req.params.id) });
    if (!content || content.deleted) throw contentNotFound();
    res.json(toModeratedContentDto(await changeModerationStatus(ctx, content, new_status, user._id, reason ?? null)));
  });

  return router;
}

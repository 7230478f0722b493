import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';

export const CONTENT_NOT_FOUND = 'Content not found.';

/** Content that still exists: not deleted by its owner nor removed by a moderator. */
export const LIVE_CONTENT = { deleted: { $ne: true }, moderation_status: { $ne: 'deleted' } } as const;

/** The caller's own live content, else 404 (another user's content answers the same, so ids do not leak). */
export async function ownedContent(ctx: ApiContext, contentId: unknown, userId: string): Promise<ContentDoc> {
  if (typeof contentId !== 'string' || !contentId) throw new NotFoundError(CONTENT_NOT_FOUND);
  const doc = await ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: contentId, user_id: userId, ...LIVE_CONTENT });
  if (!doc) throw new NotFoundError(CONTENT_NOT_FOUND);
  return doc;
}


/** Ids from a query parameter given as `a,b` or repeated, trimmed and unique. */
export function idList(value: unknown): string[] {
  const parts = (Array.isArray(value) ? value : [value]).filter((part): part is string => typeof part === 'string');
  return [...new Set(parts.flatMap((part) => part.split(',')).map((id) => id.trim()).filter(Boolean))];
}

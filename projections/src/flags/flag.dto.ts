import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { ContentDoc } from '../contents/contents.projection.ts';
import type { FlagDoc } from './flags.projection.ts';

export type { FlagDto };

/**
 * SPEC §3 Flag, as GET /flags/ and the `flag:created` push return it. The content fields come from
 * `contents` (their current values); a flag whose content is gone keeps the title it had when flagged.
 */
export function toFlagDto(flag: FlagDoc, content: ContentDoc | undefined): FlagDto {
  return {
    id: flag._id,
    content_id: flag.content_id,
    reason: flag.reason,
    created_at: flag.created_at,
    user: { username: flag.user.username },
    content: {
      title: content?.title ?? flag.content.title,
      content_type: content?.content_type ?? null,
      categories: content?.categories ?? [],
      // The admin's select shows moderation statuses: a flagged content no admin has moderated yet is `flagged`.
      status: content ? (content.deleted ? 'deleted' : (content.moderation_status ?? 'flagged')) : null,
    },
  };
}

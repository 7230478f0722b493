import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { shownStatus } from '@crossfeed/domain/rules/content-visibility.ts';
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
      // A moderation status once an admin set one, else the owner status (a flag is a report, not a decision).
      status: content ? (content.deleted ? 'deleted' : shownStatus(content)) : null,
    },
  };
}

import type { FlagDto, FlagUpdatedPush } from '@crossfeed/domain/api/realtime-events.ts';

/** The content fields a moderation answer refreshes on every flag of that content. */
export type ContentFields = { id: string; title: string; content_type: string; categories: string[]; status: string };

/** A new flag goes on top (the list is newest first); a flag already there is replaced in place. */
export function addFlag(flags: readonly FlagDto[], flag: FlagDto): FlagDto[] {
  const index = flags.findIndex((item) => item.id === flag.id);
  if (index === -1) return [flag, ...flags];
  return flags.map((item, at) => (at === index ? flag : item));
}

export function removeFlags(flags: readonly FlagDto[], ids: readonly string[]): FlagDto[] {
  const gone = new Set(ids);
  return flags.filter((flag) => !gone.has(flag.id));
}

/** Removing content removes every flag on it (SPEC §6 Admin). */
export function removeContent(flags: readonly FlagDto[], contentId: string): FlagDto[] {
  return flags.filter((flag) => flag.content_id !== contentId);
}

export function setContentStatus(flags: readonly FlagDto[], contentId: string, status: string): FlagDto[] {
  return flags.map((flag) => (flag.content_id === contentId ? { ...flag, content: { ...flag.content, status } } : flag));
}

export function applyContent(flags: readonly FlagDto[], content: ContentFields): FlagDto[] {
  return flags.map((flag) =>
    flag.content_id === content.id
      ? {
          ...flag,
          content: { title: content.title, content_type: content.content_type, categories: content.categories, status: content.status },
        }
      : flag,
  );
}

/**
 * A `flag:updated` push (realtime-events.ts FlagUpdatedPush): a flag deleted (`flag_id` + `deleted`), the
 * content removed with all its flags (`deleted`, no `flag_id`), or a new moderation `status`.
 */
export function applyFlagUpdate(flags: readonly FlagDto[], update: FlagUpdatedPush): FlagDto[] {
  if (update.deleted) {
    return update.flag_id ? removeFlags(flags, [update.flag_id]) : removeContent(flags, update.content_id);
  }
  if (update.status !== undefined) return setContentStatus(flags, update.content_id, update.status);
  return [...flags];
}

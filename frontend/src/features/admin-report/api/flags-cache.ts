import type { FlagDto, FlagUpdatedPush } from '@crossfeed/domain/api/realtime-events.ts';
import type { ModeratedItemDto } from '@crossfeed/domain/api/flags.dto.ts';
import { queryClient } from '@/lib/query/query-client';
import { updatePagedList } from '@/lib/query/use-paged-list';
import { addFlag, applyFlagUpdate } from '../utils/flag-list';

/**
 * The admin report's lists in the query cache, and what the `flag:created` / `flag:updated` pushes and a
 * reconnect do to them (realtime/register-flag-handlers.ts calls these; the hooks read the same keys).
 */
export const FLAGS_KEY = ['admin', 'flags'] as const;
export const MODERATED_KEY = ['admin', 'moderated-content'] as const;

type Change = (flags: readonly FlagDto[]) => FlagDto[];

/** The first-page reads under way: a change made meanwhile is applied now AND over their answer, so none is lost. */
const readsInFlight = new Set<Change[]>();

/** A change the flags' count follows: a created flag adds one, a deleted one (or content) removes its flags. */
export const withTotal =
  (change: Change) =>
  ({ items, total }: { items: FlagDto[]; total: number }) => {
    const flags = change(items);
    return { items: flags, total: Math.max(0, total + flags.length - items.length) };
  };

/** Runs `read` (a first page of the flags when `first`) so that changes made while it runs apply to its answer. */
export async function readFlagsPage<T extends { items: FlagDto[]; total: number }>(first: boolean, read: () => Promise<T>): Promise<T> {
  const queued: Change[] = [];
  if (first) readsInFlight.add(queued);
  try {
    const page = await read();
    return queued.reduce((current, change) => ({ ...current, ...withTotal(change)(current) }), page);
  } finally {
    readsInFlight.delete(queued);
  }
}

/** Applies `change` to the listed flags (and to a first page on its way). */
export function changeFlags(change: Change): void {
  for (const queued of readsInFlight) queued.push(change);
  updatePagedList<FlagDto>(FLAGS_KEY, withTotal(change));
}

/** Applies `change` to the item `id` in every moderated-content list shown (each status filter). */
export function changeModeratedItem(id: string, change: Partial<ModeratedItemDto>): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: MODERATED_KEY })) {
    updatePagedList<ModeratedItemDto>(query.queryKey, (page) => ({ ...page, items: page.items.map((item) => (item.id === id ? { ...item, ...change } : item)) }));
  }
}

/** `flag:created`: the new flag on top of the list. */
export function receiveFlag(flag: FlagDto): void {
  changeFlags((flags) => addFlag(flags, flag));
}

/** `flag:updated` (another admin's action too): the flags and the moderated items follow. */
export function receiveFlagUpdate(update: FlagUpdatedPush): void {
  changeFlags((flags) => applyFlagUpdate(flags, update));
  if (update.status !== undefined) changeModeratedItem(update.content_id, { status: update.status });
  else if (update.deleted && !update.flag_id) changeModeratedItem(update.content_id, { status: 'deleted', removed: true });
}

/** After a reconnect pushes may have been missed: the flags are read again quietly, the moderated lists afresh. */
export function resyncAdminLists(): void {
  void queryClient.invalidateQueries({ queryKey: FLAGS_KEY });
  void queryClient.resetQueries({ queryKey: MODERATED_KEY });
}

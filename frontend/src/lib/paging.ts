import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@crossfeed/domain/rules/limits.ts';

/** The server's page sizes (domain/src/rules/limits.ts): the first page and each "Load more" ask for PAGE_SIZE. */
export const PAGE_SIZE = PAGE_SIZE_DEFAULT;
export { PAGE_SIZE_MAX };

/** The next page goes after what is shown; an item already there (moved by a push or a change) is not repeated. */
export function appendPage<T extends { id: string }>(current: readonly T[], next: readonly T[]): T[] {
  const shown = new Set(current.map((item) => item.id));
  return [...current, ...next.filter((item) => !shown.has(item.id))];
}

/** A refresh asks for as many items as are shown (at least a page, at most the maximum) in one request. */
export const refreshLimit = (shown: number): number => Math.min(Math.max(shown, PAGE_SIZE), PAGE_SIZE_MAX);

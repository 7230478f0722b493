import type { Request, Response } from 'express';
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, TOTAL_COUNT_HEADER } from '@crossfeed/domain/rules/limits.ts';
import type { Collection, Doc, Filter, Sort } from '@crossfeed/platform/read-store/read-store.port.ts';
import { parseInput } from './validate.ts';

/** The query parameters of every paged list; the route's own parameters are left to its own schema. */
export const PAGE_PARAMS = ['limit', 'offset'] as const;

const wholeNumber = (min: 0 | 1) => {
  const message = `must be a whole number of ${min} or more.`;
  return z
    .string({ error: message })
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value >= min, message);
};

/**
 * `limit` (1 or more, default PAGE_SIZE_DEFAULT, clamped to PAGE_SIZE_MAX) and `offset` (0 or more, default 0).
 * A repeated parameter arrives as an array and is refused like any other malformed value.
 */
export const PageQuery = z.object({
  limit: wholeNumber(1)
    .transform((value) => Math.min(value, PAGE_SIZE_MAX))
    .optional()
    .transform((value) => value ?? PAGE_SIZE_DEFAULT),
  offset: wholeNumber(0)
    // Beyond this a number loses precision (and MongoDB refuses the skip): no list is that long.
    .refine((value) => Number.isSafeInteger(value), 'is too large.')
    .optional()
    .transform((value) => value ?? 0),
});

export interface Page {
  limit: number;
  offset: number;
}

/** The page a request asks for; a bad `limit` or `offset` is a 400 `{ detail }`. */
export function parsePage(req: Request): Page {
  return parseInput(PageQuery, req.query ?? {});
}

/** The request's query without the paging parameters, for routes whose own query schema is strict. */
export function withoutPageParams(query: Request['query']): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...query };
  for (const param of PAGE_PARAMS) delete rest[param];
  return rest;
}

/** Answers one page: the body stays a plain array, the total of all matches goes in `X-Total-Count`. */
export function sendPage(res: Response, items: readonly unknown[], total: number): void {
  res.set(TOTAL_COUNT_HEADER, String(total));
  res.json(items);
}

/** One page of a collection (sorted by the store, never sliced in memory) and the number of all matches. */
export async function findPage<T extends Doc>(
  collection: Collection<T>,
  filter: Filter,
  sort: Sort,
  page: Page,
): Promise<{ items: T[]; total: number }> {
  const [items, total] = await Promise.all([
    collection.find(filter, { sort, skip: page.offset, limit: page.limit }),
    collection.count(filter),
  ]);
  return { items, total };
}

/**
 * GET of a paged list in one call: parses `limit`/`offset`, reads the page and the total, maps the page to
 * its DTOs and answers them. `sort` must end with a unique field so pages never overlap nor skip an item.
 */
export async function sendPagedList<T extends Doc>(
  req: Request,
  res: Response,
  collection: Collection<T>,
  filter: Filter,
  sort: Sort,
  toDtos: (docs: T[]) => readonly unknown[] | Promise<readonly unknown[]>,
): Promise<void> {
  const { items, total } = await findPage(collection, filter, sort, parsePage(req));
  sendPage(res, await toDtos(items), total);
}

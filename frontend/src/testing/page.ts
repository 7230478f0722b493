import type { Mock } from 'vitest';
import type { Page, PageRequest } from '@/lib/api-client';

/** A page of a list answer as `api.getPage` resolves it; by default the whole list is this page. */
export const page = <T>(items: T[], total = items.length): Page<T> => ({ items, total });

/**
 * An `api.getPage` stand-in that asks `get` (a test's `api.get` mock, by path) for the whole list and
 * answers the page asked for, with the list's length as its total: one mock serves both kinds of call.
 */
export const pagesOf =
  (get: Mock<(path: string, request?: never) => Promise<unknown>>) =>
  async (path: string, asked: PageRequest = {}): Promise<Page<unknown>> => {
    const all = await get(path);
    const items = Array.isArray(all) ? all : [];
    const { offset = 0, limit = 100 } = asked;
    return { items: items.slice(offset, offset + limit), total: items.length };
  };

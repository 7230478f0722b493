/**
 * The paging contract every list endpoint keeps (`limit`, `offset`, `X-Total-Count`, a plain array), checked
 * the same way for each of them by the feature HTTP tests.
 */
import assert from 'node:assert/strict';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, TOTAL_COUNT_HEADER } from '@crossfeed/domain/rules/limits.ts';
import type { DomainEvent } from '@crossfeed/domain/shared/decider.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { TestApp } from './test-app.ts';

/** Enough items that the default page, the maximum page and a last partial page all differ. */
export const PAGED_SEED = PAGE_SIZE_MAX + 23;

/** Query values every paged list refuses with a 400 `{ detail }`. */
export const BAD_PAGE_QUERIES = [
  'limit=0',
  'limit=-1',
  'limit=abc',
  'limit=1.5',
  'limit=1e3',
  'limit=',
  'limit=1&limit=2',
  'offset=-1',
  'offset=x',
  'offset=2.5',
  'offset=99999999999999999999',
] as const;

/** Appends `events` to `stream` in one go and waits until the read models include them; answers them recorded. */
export async function seedEvents(app: TestApp, stream: string, events: readonly DomainEvent[]): Promise<RecordedEvent[]> {
  const before = (await app.ctx.eventStore.readStream(stream)).length;
  const { position } = await app.ctx.eventStore.append(stream, events);
  assert.equal(await app.runner.waitFor(position, 10_000), true, 'the read models caught up with the seed');
  return (await app.ctx.eventStore.readStream(stream)).slice(before);
}

/** Appends each event to its own stream (`streamOf`), then waits until the read models include them all. */
export async function seedEachOnItsStream<Event extends DomainEvent>(
  app: TestApp,
  events: readonly Event[],
  streamOf: (event: Event) => string,
): Promise<void> {
  let last: string | undefined;
  for (const event of events) last = (await app.ctx.eventStore.append(streamOf(event), [event])).position;
  assert.ok(last !== undefined && (await app.runner.waitFor(last, 10_000)), 'the read models caught up with the seed');
}

/** An ISO time `index` minutes after `base`, so seeded items get distinct, ordered timestamps. */
export const minutesAfter = (base: string, index: number): string => new Date(Date.parse(base) + index * 60_000).toISOString();

const withQuery = (path: string, query: string): string => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/**
 * GET `path` as `token` pages through exactly `expected` (every id the list holds, in the list's order):
 * the first page by default, `limit` and `offset`, the clamp at PAGE_SIZE_MAX, pages that join up without
 * overlap, `X-Total-Count` on every page, and a 400 for every bad value.
 */
export async function assertPagedList(
  app: TestApp,
  path: string,
  token: string,
  expected: readonly string[],
  idOf: (item: { id: string }) => string = (item) => item.id,
): Promise<void> {
  const get = async (query?: string) => {
    const response = await app.request('GET', query === undefined ? path : withQuery(path, query), { token });
    assert.equal(response.status, 200, `GET ${path}?${query ?? ''}: ${response.text.slice(0, 200)}`);
    assert.ok(Array.isArray(response.body), `GET ${path}?${query ?? ''} answers a plain array`);
    assert.equal(response.headers.get(TOTAL_COUNT_HEADER), String(expected.length), `X-Total-Count of GET ${path}?${query ?? ''}`);
    return (response.body as { id: string }[]).map(idOf);
  };

  assert.deepEqual(await get(), expected.slice(0, PAGE_SIZE_DEFAULT), 'the default page');
  assert.deepEqual(await get('limit=7&offset=3'), expected.slice(3, 10), 'limit and offset');
  assert.deepEqual(await get('offset=0&limit=1'), expected.slice(0, 1), 'a page of one');
  assert.deepEqual(await get(`limit=${PAGE_SIZE_MAX * 1000}`), expected.slice(0, PAGE_SIZE_MAX), 'a limit above the maximum is clamped');
  assert.deepEqual(await get(`offset=${expected.length}`), [], 'past the end');

  const walked: string[] = [];
  for (let offset = 0; offset < expected.length; offset += 150) walked.push(...(await get(`limit=150&offset=${offset}`)));
  assert.deepEqual(walked, expected, 'the pages join up: every item once, in order');

  for (const query of BAD_PAGE_QUERIES) {
    const response = await app.request('GET', withQuery(path, query), { token });
    assert.equal(response.status, 400, `GET ${path}?${query}`);
    assert.equal(typeof response.body?.detail, 'string', `GET ${path}?${query} carries a detail`);
    assert.match(response.body.detail, /^(limit|offset): /);
  }
}

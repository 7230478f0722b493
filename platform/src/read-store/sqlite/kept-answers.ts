/**
 * Answers of `find`, `findOne` and `count` kept by a reading thread of the sole writer's process
 * (ThreadedSqliteReadStore with `versions`), each tagged with its collection's version as the snapshot that
 * answered began, and served again (a fresh parse of the kept JSON: callers may change what they get) while
 * that version has not moved. A commit to the collection moves it, so a kept answer is never older than
 * what a read would give.
 *
 * Keeping costs a serialisation, which only pays when the collection is read more often than it changes:
 * answers are kept once their collection's version has stood for STABLE_MS (a collection written by every
 * request, such as `contents` under a stream of shares, is simply read each time). Queries whose values are
 * not plain JSON (a RegExp, a Date, undefined) are never kept: their text would not tell them apart. Lists
 * of more than MAX_ANSWER_DOCS documents are not kept either, nor answers over 64 KB of JSON.
 */
import type { Filter, FindOptions } from '../read-store.port.ts';

export type KeptQuery =
  | { method: 'find'; filter: Filter; options: FindOptions }
  | { method: 'findOne'; filter: Filter; options: Pick<FindOptions, 'projection' | 'sort'> }
  | { method: 'count'; filter: Filter; options?: undefined };

/** How long a collection's version must have stood before its answers are kept. */
export const STABLE_MS = 50;
/** Kept answers in all, in characters of JSON and of their keys (the oldest go first), and the largest one kept. */
const MAX_CHARS = 16 * 1024 * 1024;
const MAX_ANSWER_CHARS = 64 * 1024;
/**
 * Documents in the largest answer kept: a longer one is not even serialised (a worker reading every
 * content at once must not pay for a JSON.stringify of tens of MB on the event loop).
 */
export const MAX_ANSWER_DOCS = 64;

interface Kept {
  version: number;
  text: string;
}

export class KeptAnswers {
  readonly #answers = new Map<string, Kept>();
  /** Each collection's version as first seen, and since when. */
  readonly #seen = new Map<string, { version: number; since: number }>();
  #chars = 0;
  readonly #stableMs: number;

  /** `stableMs`: how long a collection's version must have stood before its answers are kept. */
  constructor(stableMs = STABLE_MS) {
    this.#stableMs = stableMs;
  }

  /** The key of a query, or undefined when it must not be kept. */
  static key(collection: string, query: KeptQuery): string | undefined {
    const filter = plainJson(query.filter, false);
    // An option set to undefined is an option not given.
    const options = query.options === undefined ? '' : plainJson(query.options, true);
    return filter === undefined || options === undefined ? undefined : `${collection}\u0000${query.method}\u0000${filter}\u0000${options}`;
  }

  /** A fresh copy of the answer kept under `key` at `version`, or undefined. */
  get(key: string, version: number): { value: unknown } | undefined {
    const kept = this.#answers.get(key);
    return kept?.version === version ? { value: JSON.parse(kept.text) as unknown } : undefined;
  }

  /** Keeps `value`, read when `collection` was at `version`, if the collection has been standing still. */
  offer(key: string, collection: string, version: number, value: unknown): void {
    const now = performance.now();
    let seen = this.#seen.get(collection);
    if (seen?.version !== version) this.#seen.set(collection, (seen = { version, since: now }));
    if (now - seen.since < this.#stableMs) return;
    if (Array.isArray(value) && value.length > MAX_ANSWER_DOCS) return;
    const text = JSON.stringify(value);
    if (text.length > MAX_ANSWER_CHARS) return;
    this.#drop(key);
    this.#answers.set(key, { version, text });
    this.#chars += key.length + text.length;
    for (const [oldest] of this.#answers) {
      if (this.#chars <= MAX_CHARS) break;
      this.#drop(oldest);
    }
  }

  clear(): void {
    this.#answers.clear();
    this.#seen.clear();
    this.#chars = 0;
  }

  #drop(key: string): void {
    const kept = this.#answers.get(key);
    if (!kept) return;
    this.#chars -= key.length + kept.text.length;
    this.#answers.delete(key);
  }
}

/**
 * `value` as JSON when it is plain JSON (strings, finite numbers, booleans, null, arrays, plain objects),
 * leaving out the fields of its top-level object that are undefined when `skipUndefined`.
 */
function plainJson(value: unknown, skipUndefined = false): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : undefined;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item = plainJson(value[i]);
          if (item === undefined) return undefined;
          out += (i === 0 ? '' : ',') + item;
        }
        return `${out}]`;
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return undefined;
      let out = '{';
      for (const name in value) {
        const field = (value as Record<string, unknown>)[name];
        if (field === undefined && skipUndefined) continue;
        const item = plainJson(field);
        if (item === undefined) return undefined;
        out += `${out.length === 1 ? '' : ','}${JSON.stringify(name)}:${item}`;
      }
      return `${out}}`;
    }
    default:
      return undefined;
  }
}

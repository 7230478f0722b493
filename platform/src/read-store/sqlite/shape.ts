/**
 * Shaping found documents in JS as MongoDB would: projections, and sorting when SQL cannot give
 * MongoDB's order.
 */
import { Aggregator } from 'mingo';
import type { Doc, Sort } from '../read-store.port.ts';
import type { AnyObject } from './doc-paths.ts';
import { setOwn } from './doc-update.ts';

/**
 * MongoDB's projection of the found documents. The usual shapes, top-level fields all included (`_id`
 * with them unless it is excluded) or all excluded, are applied directly: mingo compiled an aggregation
 * for each call, which cost more than the query (30 us for a find that matched nothing). Anything else
 * (dotted paths, operators, expressions) goes to mingo.
 */
export function projectDocs(docs: Doc[], projection: Record<string, unknown>): Doc[] {
  const fields = Object.keys(projection);
  if (fields.length === 0 || docs.length === 0) return docs;
  const simple = fields.every((field) => !field.includes('.') && !field.startsWith('$') && (projection[field] === 0 || projection[field] === 1));
  const included = fields.filter((field) => field !== '_id' && projection[field] === 1);
  const excluded = fields.filter((field) => projection[field] === 0);
  // Inclusion and exclusion do not mix, except for excluding `_id` from an inclusion.
  if (!simple || (included.length > 0 && excluded.some((field) => field !== '_id'))) {
    return new Aggregator([{ $project: projection }], {}).run(docs) as Doc[];
  }
  if (included.length > 0 || (projection._id === 1 && excluded.length === 0)) {
    const withId = projection._id !== 0;
    return docs.map((doc) => {
      const out: AnyObject = {};
      if (withId && doc._id !== undefined) out._id = doc._id;
      for (const field of included) if (Object.hasOwn(doc, field)) setOwn(out, field, doc[field]);
      return out as Doc;
    });
  }
  return docs.map((doc) => {
    const out: AnyObject = {};
    for (const field of Object.keys(doc)) if (projection[field] !== 0) setOwn(out, field, doc[field]);
    return out as Doc;
  });
}

/**
 * Sorts as MongoDB does. When every sort field is top-level and holds, in every document, a missing value,
 * null, or one type of number or string, a native sort with the same order (missing/null first) is used;
 * anything else (dotted paths, arrays, mixed types...) goes to mingo.
 */
export function sortDocs(docs: Doc[], sort: Sort | undefined): Doc[] {
  if (!sort) return docs;
  const keys = Object.entries(sort);
  const simple = keys.every(([field]) => {
    if (field.includes('.')) return false;
    let type: string | undefined;
    for (const doc of docs) {
      const value = doc[field];
      if (value === undefined || value === null) continue;
      const kind = typeof value;
      if ((kind !== 'string' && kind !== 'number') || (type !== undefined && kind !== type)) return false;
      if (kind === 'number' && Number.isNaN(value)) return false;
      type = kind;
    }
    return true;
  });
  if (!simple) return new Aggregator([{ $sort: sort }], {}).run(docs) as Doc[];
  return docs.slice().sort((a, b) => {
    for (const [field, direction] of keys) {
      const x = a[field] as string | number | null | undefined;
      const y = b[field] as string | number | null | undefined;
      if (x === y || (x == null && y == null)) continue;
      if (x == null) return -direction;
      if (y == null) return direction;
      return (x < y ? -1 : 1) * direction;
    }
    return 0;
  });
}

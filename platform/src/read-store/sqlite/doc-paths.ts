/**
 * Dotted paths into JSON documents, as MongoDB resolves them (arrays along a path are traversed), and the
 * SQL text SQLite needs to reach the same path inside a stored document.
 */

export type AnyObject = Record<string, unknown>;

/** Bits of a path's type mask: which kinds of value a collection has ever held there. */
export const NUM = 1;
export const STR = 2;
export const BOOL = 4;
/** An object (or anything JSON renders as an object). */
export const OBJ = 8;
/** An array somewhere along the path, the value itself included: the path is "multikey". */
export const ARR = 16;

const SIMPLE_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The segments of a dotted path; throws for a path SQLite's JSON paths cannot name safely. */
export function pathSegments(path: string): string[] {
  const segments = path.split('.');
  for (const segment of segments) {
    if (segment === '' || segment.startsWith('$') || hasUnquotable(segment)) {
      throw new Error(`Unsupported field path ${JSON.stringify(path)}`);
    }
  }
  return segments;
}

/** A double quote, a backslash or a control character: nothing SQLite's quoted JSON path labels can hold. */
function hasUnquotable(segment: string): boolean {
  for (let i = 0; i < segment.length; i++) {
    const code = segment.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c) return true;
  }
  return false;
}

/** The JSON path of `segments` as a quoted SQL string literal, e.g. `'$.profile.name'` or `'$."a-b"'`. */
export function jsonPathLiteral(segments: readonly string[]): string {
  let path = '$';
  for (const segment of segments) path += SIMPLE_SEGMENT.test(segment) ? `.${segment}` : `."${segment}"`;
  return `'${path.replaceAll("'", "''")}'`;
}

/** Quotes an SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function isPlainObject(value: unknown): value is AnyObject {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** `obj[key]` for an own property only (so `__proto__` never reads the prototype). */
export function own(obj: AnyObject, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

function typeBits(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return NUM;
    case 'string':
      return STR;
    case 'boolean':
      return BOOL;
    case 'object':
      if (value === null) return 0;
      // Dates are stored as their JSON text.
      if (value instanceof Date) return STR;
      return Array.isArray(value) ? ARR : OBJ;
    default:
      return 0;
  }
}

/** The type mask of what `doc` holds at `segments` (0 for missing or null). */
export function typesAt(value: unknown, segments: readonly string[], from = 0): number {
  if (from === segments.length) return typeBits(value);
  if (Array.isArray(value)) {
    let bits = ARR;
    for (const element of value) bits |= typesAt(element, segments, from);
    return bits;
  }
  if (!isPlainObject(value)) return 0;
  return typesAt(own(value, segments[from]!), segments, from + 1);
}

/**
 * The keys a document is found under in a multikey side index, as MongoDB's equality sees them: the scalar
 * at the path, each scalar element of an array there, and the same through arrays of objects along the
 * path. Each key is the JSON text of the scalar (so `true`, `1` and `"1"` stay distinct); null is left out.
 */
export function multikeyKeys(value: unknown, segments: readonly string[], into: Set<string>, from = 0): Set<string> {
  if (from === segments.length) {
    if (Array.isArray(value)) {
      for (const element of value) addScalarKey(element, into);
    } else {
      addScalarKey(value, into);
    }
    return into;
  }
  if (Array.isArray(value)) {
    for (const element of value) if (isPlainObject(element)) multikeyKeys(element, segments, into, from);
    return into;
  }
  if (isPlainObject(value)) multikeyKeys(own(value, segments[from]!), segments, into, from + 1);
  return into;
}

function addScalarKey(value: unknown, into: Set<string>): void {
  const key = scalarKey(value);
  if (key !== undefined) into.add(key);
}

/** The key of a scalar (string, finite number, boolean) in a side index; undefined for anything else. */
export function scalarKey(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : undefined;
    default:
      return undefined;
  }
}

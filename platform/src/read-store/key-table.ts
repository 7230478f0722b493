/**
 * The hash table behind the in-memory read store's `_id` → document maps and unique indexes (see KeyTable).
 */
import { randomBytes } from 'node:crypto';

export type TableKey = string | number | boolean | null;
const HOLE = Symbol('deleted');
const CHUNK_BITS = 14;
const CHUNK_ENTRIES = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_ENTRIES - 1;
const HASH_SEED = randomBytes(4).readInt32LE(0);
/** `load` sorts keys into 2^LOAD_BUCKET_BITS runs of neighbouring slots (a run of a large table spans a few KB). */
const LOAD_BUCKET_BITS = 12;

/**
 * The map behind `_id` → document and unique key → `_id`: a Map's semantics for the operations used here
 * (keys compared with ===, iteration in insertion order), built for collections of millions of entries.
 * A Map chains its entries and compares each candidate key by reading the key string itself, several
 * cache misses per lookup in a large table; here the slots (open addressing, linear probing, load ≤ 1/2)
 * hold each key's 32-bit hash beside its entry number in one Int32Array, so a probe usually reads one
 * cache line and a key is read only when its hash matches. Entries are appended in insertion order (the
 * holes deletes leave are compacted away). The hash is seeded per process.
 */
export class KeyTable<K extends TableKey, V> {
  /** Pairs [hash, entry]; hash 0 marks an empty slot. */
  #slots = new Int32Array(16);
  #mask = 7;
  /**
   * The entries in insertion order, each key beside its value ([k0, v0, k1, v1, ...]; HOLE marks a deleted
   * one), in chunks of CHUNK_ENTRIES allocated whole: growing never copies entries nor leaves large arrays
   * behind as garbage.
   */
  #chunks: unknown[][] = [];
  /** Entries appended so far (deleted ones included). */
  #count = 0;
  #size = 0;
  /** The key the last lookup missed, with its hash and the slot it would take: the `set` that often follows skips both. */
  #missKey: K | typeof HOLE = HOLE;
  #missHash = 0;
  #missSlot = 0;

  get size(): number {
    return this.#size;
  }

  has(key: K): boolean {
    return this.#lookup(key) >= 0;
  }

  get(key: K): V | undefined {
    const slot = this.#lookup(key);
    return slot < 0 ? undefined : (this.#valueAt(this.#slots[2 * slot + 1]!) as V);
  }

  set(key: K, value: V): void {
    if (key === this.#missKey) {
      this.#insert(this.#missSlot, this.#missHash, key, value);
      return;
    }
    const hash = hashKey(key);
    const slot = this.#find(key, hash);
    if (slot >= 0) {
      const entry = this.#slots[2 * slot + 1]!;
      this.#chunks[entry >>> CHUNK_BITS]![2 * (entry & CHUNK_MASK) + 1] = value;
    } else {
      this.#insert(~slot, hash, key, value);
    }
  }

  /** The value held for `key`; when there is none, stores `value` and returns it. */
  getOrInsert(key: K, value: V): V {
    const hash = hashKey(key);
    const slot = this.#find(key, hash);
    if (slot >= 0) return this.#valueAt(this.#slots[2 * slot + 1]!) as V;
    this.#insert(~slot, hash, key, value);
    return value;
  }

  delete(key: K): boolean {
    const slot = this.#find(key, hashKey(key));
    if (slot < 0) return false;
    this.#missKey = HOLE;
    const slots = this.#slots;
    const entry = slots[2 * slot + 1]!;
    const chunk = this.#chunks[entry >>> CHUNK_BITS]!;
    chunk[2 * (entry & CHUNK_MASK)] = HOLE;
    chunk[2 * (entry & CHUNK_MASK) + 1] = undefined;
    this.#size--;
    // Backward-shift deletion: move later members of the probe run into the gap, so no tombstones remain.
    const mask = this.#mask;
    let gap = slot;
    for (let i = (slot + 1) & mask; slots[2 * i] !== 0; i = (i + 1) & mask) {
      const home = slots[2 * i]! & mask;
      // Movable when its home slot is not within (gap, i], cyclically.
      if (gap <= i ? home <= gap || home > i : home <= gap && home > i) {
        slots[2 * gap] = slots[2 * i]!;
        slots[2 * gap + 1] = slots[2 * i + 1]!;
        gap = i;
      }
    }
    slots[2 * gap] = 0;
    slots[2 * gap + 1] = 0;
    const holes = this.#count - this.#size;
    if (holes > 32 && holes > this.#size) this.#compact();
    return true;
  }

  /**
   * Fills an empty table with these entries, in this order, at once: what building an index over a
   * loaded collection does. Inserting a million keys one by one costs a cache miss each (every key lands
   * in a random slot of a table far larger than the cache) plus the table's rehashes on growth. Here the
   * slots are sized once, and the keys are inserted in the order of their home slots (a counting sort on
   * the top bits of the slot), so the slots are written front to back. Returns false, the table then
   * unusable, when a key appears twice.
   */
  load(keys: readonly K[], values: readonly V[]): boolean {
    if (this.#count !== 0) throw new Error('KeyTable.load needs an empty table');
    if (keys.length !== values.length) throw new RangeError('KeyTable.load: as many keys as values');
    const n = keys.length;
    let capacity = 16;
    while (capacity < 2 * n) capacity *= 2;
    const mask = capacity - 1;
    const slots = new Int32Array(2 * capacity);
    const hashes = new Int32Array(n);
    // Entries in the given order; the buckets' sizes by home slot on the way.
    const bucketShift = Math.max(0, Math.log2(capacity) - LOAD_BUCKET_BITS);
    const starts = new Int32Array((capacity >>> bucketShift) + 1);
    for (let entry = 0; entry < n; entry++) {
      const key = keys[entry]!;
      const hash = hashKey(key);
      hashes[entry] = hash;
      starts[((hash & mask) >>> bucketShift) + 1]!++;
      const at = 2 * (entry & CHUNK_MASK);
      if (at === 0) this.#chunks.push(newChunk(entry === 0));
      const chunk = this.#chunks[entry >>> CHUNK_BITS]!;
      chunk[at] = key;
      chunk[at + 1] = values[entry];
    }
    for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
    const order = new Int32Array(n);
    for (let entry = 0; entry < n; entry++) order[starts[(hashes[entry]! & mask) >>> bucketShift]!++] = entry;
    this.#slots = slots;
    this.#mask = mask;
    this.#count = n;
    this.#size = n;
    for (let j = 0; j < n; j++) {
      const entry = order[j]!;
      const hash = hashes[entry]!;
      let i = hash & mask;
      for (; slots[2 * i] !== 0; i = (i + 1) & mask) {
        if (slots[2 * i] === hash && this.#keyAt(slots[2 * i + 1]!) === keys[entry]) return false;
      }
      slots[2 * i] = hash;
      slots[2 * i + 1] = entry;
    }
    return true;
  }

  /** The values in insertion order (not a generator: scans of large collections go through this). */
  values(): IterableIterator<V> {
    return new TableValues<V>(this.#chunks, this.#count);
  }

  #keyAt(entry: number): unknown {
    return this.#chunks[entry >>> CHUNK_BITS]![2 * (entry & CHUNK_MASK)];
  }

  #valueAt(entry: number): unknown {
    return this.#chunks[entry >>> CHUNK_BITS]![2 * (entry & CHUNK_MASK) + 1];
  }

  /** Like #find, remembering a miss for the `set` that may follow. */
  #lookup(key: K): number {
    const hash = hashKey(key);
    const slot = this.#find(key, hash);
    if (slot < 0) {
      this.#missKey = key;
      this.#missHash = hash;
      this.#missSlot = ~slot;
    }
    return slot;
  }

  /** The slot holding `key`, or the complement (~) of the empty slot where it would go. */
  #find(key: K, hash: number): number {
    const slots = this.#slots;
    const mask = this.#mask;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const h = slots[2 * i]!;
      if (h === 0) return ~i;
      if (h === hash) {
        const entry = slots[2 * i + 1]!;
        if (this.#chunks[entry >>> CHUNK_BITS]![2 * (entry & CHUNK_MASK)] === key) return i;
      }
    }
  }

  #insert(slot: number, hash: number, key: K, value: V): void {
    // Any change of the slots may take or move the slot a remembered miss points to.
    this.#missKey = HOLE;
    const entry = this.#count++;
    const at = 2 * (entry & CHUNK_MASK);
    if (at === 0) this.#chunks.push(newChunk(entry === 0));
    const chunk = this.#chunks[entry >>> CHUNK_BITS]!;
    chunk[at] = key;
    chunk[at + 1] = value;
    this.#slots[2 * slot] = hash;
    this.#slots[2 * slot + 1] = entry;
    this.#size++;
    if (entry + 1 > (this.#mask + 1) >> 1) this.#rehash((this.#mask + 1) * 2);
  }

  /** Rebuilds the slots with `capacity` slots, from the hashes already stored (no key is read). */
  #rehash(capacity: number, renumber?: Int32Array): void {
    const old = this.#slots;
    const slots = new Int32Array(capacity * 2);
    const mask = capacity - 1;
    for (let j = 0; j < old.length; j += 2) {
      const hash = old[j]!;
      if (hash === 0) continue;
      let i = hash & mask;
      while (slots[2 * i] !== 0) i = (i + 1) & mask;
      slots[2 * i] = hash;
      slots[2 * i + 1] = renumber ? renumber[old[j + 1]!]! : old[j + 1]!;
    }
    this.#slots = slots;
    this.#mask = mask;
  }

  /** Drops the holes from the entries (insertion order kept) and renumbers the slots. */
  #compact(): void {
    const chunks: unknown[][] = [];
    const renumber = new Int32Array(this.#count);
    let count = 0;
    for (let entry = 0; entry < this.#count; entry++) {
      const old = this.#chunks[entry >>> CHUNK_BITS]!;
      const from = 2 * (entry & CHUNK_MASK);
      if (old[from] === HOLE) continue;
      const at = 2 * (count & CHUNK_MASK);
      if (at === 0) chunks.push(newChunk(count === 0));
      const chunk = chunks[count >>> CHUNK_BITS]!;
      chunk[at] = old[from];
      chunk[at + 1] = old[from + 1];
      renumber[entry] = count++;
    }
    this.#chunks = chunks;
    this.#count = count;
    let capacity = 16;
    while (capacity < count * 2 + 2) capacity *= 2;
    this.#rehash(capacity, renumber);
  }
}

class TableValues<V> implements IterableIterator<V> {
  readonly #chunks: unknown[][];
  readonly #count: number;
  #entry = 0;

  constructor(chunks: unknown[][], count: number) {
    this.#chunks = chunks;
    this.#count = count;
  }

  next(): IteratorResult<V> {
    while (this.#entry < this.#count) {
      const entry = this.#entry++;
      const chunk = this.#chunks[entry >>> CHUNK_BITS]!;
      const at = 2 * (entry & CHUNK_MASK);
      if (chunk[at] !== HOLE) return { value: chunk[at + 1] as V, done: false };
    }
    return { value: undefined, done: true };
  }

  [Symbol.iterator](): IterableIterator<V> {
    return this;
  }
}

/**
 * A chunk of a table's entries. The first chunk of a table starts small and grows (most collections are
 * small); later ones are allocated at full size, straight into the old generation.
 */
function newChunk(first: boolean): unknown[] {
  return first ? [] : new Array<unknown>(2 * CHUNK_ENTRIES);
}

function hashKey(key: TableKey): number {
  let h: number;
  if (typeof key === 'string') {
    h = HASH_SEED ^ key.length;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  } else if (typeof key === 'number') {
    // 0 and -0 are one key (as in a Map); NaN never reaches a table (see checkId and indexKey).
    h = (key | 0) === key ? HASH_SEED ^ key : hashKey(String(key)) ^ 0x5bd1e995;
  } else {
    h = HASH_SEED ^ (key === null ? 0x3c6ef372 : key ? 0x6a09e667 : 0x13198a2e);
  }
  // Final mix (murmur3 fmix32), so that the low bits used as the slot depend on every input bit.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h === 0 ? 1 : h;
}

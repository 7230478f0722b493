/**
 * Version counters of a read-model file's collections, in shared memory: the thread that owns the file
 * bumps a collection's counter after each commit that wrote to it (every counter after one that changed
 * the collections themselves), before it answers or reports that commit; a reading thread tags what it
 * caches with the counter it read first, and drops it once the counter moved (ThreadedSqliteReadStore's
 * documents by id). Collections share 256 counters by a hash of their name: a shared counter only makes a
 * cache forget more often.
 */

const SLOTS = 256;

export class CollectionVersions {
  readonly counters: Int32Array;

  /** New counters, or those another thread made (`counters` crosses threads in `workerData`). */
  constructor(counters: Int32Array = new Int32Array(new SharedArrayBuffer(4 * SLOTS))) {
    if (counters.length !== SLOTS || !(counters.buffer instanceof SharedArrayBuffer)) throw new TypeError('Expected shared collection counters');
    this.counters = counters;
  }

  #slot(name: string): number {
    // FNV-1a over the name's UTF-16 code units.
    let hash = 0x811c9dc5;
    for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
    return (hash >>> 0) % SLOTS;
  }

  /** The collection's version now, or in `copy` (see `copy`). */
  of(name: string, copy?: Int32Array): number {
    return copy ? copy[this.#slot(name)]! : Atomics.load(this.counters, this.#slot(name));
  }

  /** Every counter as it is now, into `into` when given. */
  copy(into: Int32Array = new Int32Array(SLOTS)): Int32Array {
    for (let slot = 0; slot < SLOTS; slot++) into[slot] = Atomics.load(this.counters, slot);
    return into;
  }

  bump(names: Iterable<string>): void {
    for (const name of names) Atomics.add(this.counters, this.#slot(name), 1);
  }

  bumpAll(): void {
    for (let slot = 0; slot < SLOTS; slot++) Atomics.add(this.counters, slot, 1);
  }
}

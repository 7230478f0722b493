/**
 * A Bloom filter of the `_id`s a collection holds, kept by the store for collections whose every row it
 * wrote itself (created by this connection, and no other connection has written since): when it says an
 * `_id` is absent, the lookup is skipped. A rebuild inserts millions of new documents into a fresh
 * collection, each first looked up by `_id`; this answers those lookups without SQLite. It grows by adding
 * a layer twice as large when full (about 16 bits per id, a fraction of a percent of false positives,
 * which only cost the lookup they would have made anyway).
 */
const BITS_PER_ID = 16;
const FIRST_CAPACITY = 4096;

interface Layer {
  bits: Uint32Array;
  mask: number;
  capacity: number;
  count: number;
}

function makeLayer(capacity: number): Layer {
  const size = capacity * BITS_PER_ID; // a power of two
  return { bits: new Uint32Array(size >>> 5), mask: size - 1, capacity, count: 0 };
}

/** Two 32-bit FNV-1a style hashes of the id's text. */
function hashes(id: string | number): [number, number] {
  const text = typeof id === 'string' ? id : `\u0000${id}`;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return [h1 >>> 0, (h2 ^ (h2 >>> 15)) | 1];
}

export class IdFilter {
  #layers: Layer[] = [makeLayer(FIRST_CAPACITY)];

  add(id: string | number): void {
    let layer = this.#layers.at(-1)!;
    if (layer.count >= layer.capacity) {
      layer = makeLayer(layer.capacity * 2);
      this.#layers.push(layer);
    }
    const [h1, h2] = hashes(id);
    for (let i = 0; i < 3; i++) {
      const bit = (h1 + i * h2) & layer.mask;
      layer.bits[bit >>> 5]! |= 1 << (bit & 31);
    }
    layer.count++;
  }

  /** False when the id was never added; true when it may have been. */
  mayHave(id: string | number): boolean {
    const [h1, h2] = hashes(id);
    for (const layer of this.#layers) {
      let all = true;
      for (let i = 0; i < 3 && all; i++) {
        const bit = (h1 + i * h2) & layer.mask;
        all = (layer.bits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
      }
      if (all) return true;
    }
    return false;
  }
}

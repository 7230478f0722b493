import crypto from 'node:crypto';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Projection } from '../projection.ts';

/** JSON with object keys sorted, so equal documents hash equally whatever their key order. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableStringify(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A digest of every document of the projections' collections, to compare two read models. */
export async function readModelHash(readStore: ReadStore, projections: readonly Projection[]): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const projection of projections) {
    for (const collection of Object.keys(projection.collections).sort()) {
      hash.update(`#${collection}\n`);
      for (const doc of await readStore.collection(collection).find({}, { sort: { _id: 1 } })) {
        hash.update(stableStringify(doc));
        hash.update('\n');
      }
    }
  }
  return hash.digest('hex');
}

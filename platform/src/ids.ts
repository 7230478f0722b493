/**
 * New ids (events, and entities a command creates): UUIDv7 (RFC 9562), which begin with the time they were
 * made. Ids made one after another land next to each other in every index over them (the event log's
 * unique `id`, a read model's `_id`, such as a notification's, which is its event's id), so a batch of
 * appends or of projection writes touches a page or two of such an index instead of a random page per row.
 * They are as unguessable as before in their last 74 bits, and nothing reads meaning into an id.
 *
 * The random bits come from a pool filled 256 ids at a time: asking the system's generator for 16 bytes per
 * id cost several microseconds each on a hot path making a few ids per request (Node's own randomUUID
 * keeps such a cache too).
 */
import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

const POOL_IDS = 256;
const pool = new Uint8Array(16 * POOL_IDS);
let next = POOL_IDS;

export function newId(): string {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const random = pool.subarray(16 * next, 16 * ++next);
  return v7({ random });
}

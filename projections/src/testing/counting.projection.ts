import { defineProjection } from '../projection.ts';

export const APPLIED = 'applied_events';

/**
 * Test-only: counts the events applied with a guarded `$inc`, so an event applied twice (or skipped)
 * shows as a wrong count, which idempotent upserts alone would hide.
 */
export const countingProjection = defineProjection({
  name: 'counting',
  version: 1,
  collections: { [APPLIED]: [] },
  handlers: {
    UserRegistered: () => [{ op: 'upsert', collection: APPLIED, id: 'all', update: { $inc: { count: 1 } } }],
  },
});

import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { createFeed } from '@/lib/feed';

/**
 * Flags pushed while the admin report is open, for its "New flag: …" note and highlight only: a moment on
 * screen, not server state (the list itself is in the query cache, api/flags-cache.ts).
 */
export const flagArrivals = createFeed<FlagDto>();

import type { ReplayProgressPush } from '@crossfeed/domain/api/realtime-events.ts';
import { createFeed } from '@/lib/feed';

export type ReplayFeedEvent = { type: 'progress'; progress: ReplayProgressPush } | { type: 'resync' };

/** `replay:progress` pushes, fanned out to whatever analytics page is mounted (none are kept). */
export const replayFeed = createFeed<ReplayFeedEvent>();

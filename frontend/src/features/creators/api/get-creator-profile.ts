import type { ProfileDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

/**
 * GET /profiles/{id}/: a creator's public profile. `share_count` and `view_count` are read when the server
 * sends them (the current API does not).
 */
export type CreatorProfile = ProfileDto & {
  user_id: string;
  username: string;
  avatar_url: string | null;
  share_count?: number;
  view_count?: number;
};

export function getCreatorProfile(userId: string, signal?: AbortSignal): Promise<CreatorProfile> {
  return api.get<CreatorProfile>(`/profiles/${encodeURIComponent(userId)}/`, { signal });
}

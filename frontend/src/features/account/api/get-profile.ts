import type { ProfileDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

/** GET /profiles/{id}/ answers the profile with its owner's id, username and avatar. */
export type AccountProfile = ProfileDto & { user_id?: string; username?: string; avatar_url?: string | null };

/** GET /profiles/{id}/: the signed-in user's own profile, for the Profile Information modal. */
export function getProfile(userId: string, signal?: AbortSignal): Promise<AccountProfile> {
  return api.get<AccountProfile>(`/profiles/${encodeURIComponent(userId)}/`, { signal });
}

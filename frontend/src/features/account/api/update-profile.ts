import type { ProfileDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

export type UpdateProfileInput = {
  name: string;
  bio: string;
  /** Lowercase, as the server stores them. */
  categories: string[];
  interests: string[];
  content_type: string;
};

/** PUT /profiles/{id}/ (SPEC §7 Profiles): only your own; answers the updated profile. */
export function updateProfile(userId: string, input: UpdateProfileInput): Promise<ProfileDto> {
  return api.put<ProfileDto>(`/profiles/${encodeURIComponent(userId)}/`, input);
}

import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

export type CreateProfileInput = {
  name: string;
  bio: string;
  /** Lowercase, as the server stores them. */
  categories: string[];
  interests: string[];
  content_type: string;
};

/** POST /profiles/ (SPEC §7 Profiles): answers the user, now with has_profile_completed. */
export function createProfile(input: CreateProfileInput): Promise<UserDto> {
  return api.post<UserDto>('/profiles/', input);
}

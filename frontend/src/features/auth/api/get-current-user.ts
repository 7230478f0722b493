import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

/** GET /auth/me with the Bearer token. */
export function getCurrentUser(): Promise<UserDto> {
  return api.get<UserDto>('/auth/me');
}

import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

/**
 * SPEC §4 Tour, kept on the account: POST /auth/tour-completed when the tour ends, DELETE when Help/Tour
 * restarts it. Both answer the updated user.
 */
export function saveTourCompleted(completed: boolean): Promise<UserDto> {
  return completed ? api.post<UserDto>('/auth/tour-completed') : api.delete<UserDto>('/auth/tour-completed');
}

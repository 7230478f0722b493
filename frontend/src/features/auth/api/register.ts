import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

export type RegisterInput = { username: string; email: string; password: string };

/** POST /auth/register (JSON). Answers the new user, without a token: the caller signs in next. */
export function register(input: RegisterInput): Promise<UserDto> {
  return api.post<UserDto>('/auth/register', input, { auth: false });
}

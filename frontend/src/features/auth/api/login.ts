import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import { api } from '@/lib/api-client';

export type LoginInput = { username: string; password: string };
export type Session = { access_token: string; token_type: string; user: UserDto };

/** POST /auth/login, form-encoded (OAuth2 password form). The username field also accepts the e-mail. */
export function login({ username, password }: LoginInput): Promise<Session> {
  return api.postForm<Session>('/auth/login', { username, password }, { auth: false });
}

import { api } from '@/lib/api-client';

export type UpdatePasswordInput = { current_password: string; new_password: string };

/**
 * POST /auth/update-password (SPEC §7 Auth): answers `message` on success, with a fresh `access_token` (the
 * change revokes every earlier token, this session's too); a wrong current password or a Weak new one is a
 * 400 with `detail`.
 */
export function updatePassword(input: UpdatePasswordInput): Promise<{ message?: string; access_token?: string }> {
  return api.post<{ message?: string; access_token?: string }>('/auth/update-password', input);
}

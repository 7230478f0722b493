import { api } from '@/lib/api-client';

export type UpdatePasswordInput = { current_password: string; new_password: string };

/**
 * POST /auth/update-password (SPEC §7 Auth): answers `message` on success; a wrong current password or a
 * Weak new one is a 400 with `detail`.
 */
export function updatePassword(input: UpdatePasswordInput): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/auth/update-password', input);
}

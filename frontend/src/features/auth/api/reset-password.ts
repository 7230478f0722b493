import { api } from '@/lib/api-client';

export type ResetPasswordInput = { token: string; new_password: string };

/** POST /auth/reset-password with the token from the e-mailed link. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/reset-password', input, { auth: false });
}

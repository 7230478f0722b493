import { api } from '@/lib/api-client';

/** POST /auth/forgot-password. The same answer whether or not the address is registered. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/forgot-password', { email }, { auth: false });
}

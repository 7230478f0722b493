import { ApiError } from '@/lib/api-client';
import { JOIN_FAILED, NETWORK_ERROR, UNEXPECTED_ERROR } from '../messages';

/**
 * SPEC §8 Waitlist signup errors: the server's detail (else `fallback`) when it answered;
 * 'Network error…' when no answer came (fetch rejects with a TypeError); otherwise 'An unexpected error…'.
 */
export function waitlistErrorMessage(error: unknown, fallback = JOIN_FAILED): string {
  if (error instanceof ApiError) return error.detail ?? fallback;
  if (error instanceof TypeError) return NETWORK_ERROR;
  return UNEXPECTED_ERROR;
}

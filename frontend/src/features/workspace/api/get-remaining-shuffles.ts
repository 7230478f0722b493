import { api } from '@/lib/api-client';
import type { RemainingShufflesDto } from '../types';

/** GET /content/shuffles/remaining (asked only for non-premium users). */
export function getRemainingShuffles(signal?: AbortSignal): Promise<RemainingShufflesDto> {
  return api.get<RemainingShufflesDto>('/content/shuffles/remaining', signal ? { signal } : undefined);
}

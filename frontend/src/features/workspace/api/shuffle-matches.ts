import { api } from '@/lib/api-client';
import type { ContentDto } from '../types';

/** POST /content/shuffle: a new list of matches (the first 4 are shown); uses one of a free user's shuffles. */
export function postShuffleMatches(): Promise<ContentDto[]> {
  return api.post<ContentDto[]>('/content/shuffle');
}

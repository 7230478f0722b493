import { api } from '@/lib/api-client';

/** GET /analytics/user/{id}: the fields the Profile reads (the score and its parts; the rest is the creator card's). */
export type OwnScore = { audience_score: number | null; score_parts?: unknown };

export function getOwnScore(userId: string, signal?: AbortSignal): Promise<OwnScore | null> {
  return api.get<OwnScore | null>(`/analytics/user/${encodeURIComponent(userId)}`, { signal });
}

import { api } from '@/lib/api-client';

/** SPEC §3 Submission info. Premium answers submissions_remaining -1 (no counter). */
export type SubmissionInfo = {
  weekly_submission_count: number;
  last_submission_date: string | null;
  can_submit: boolean;
  submissions_remaining: number;
};

/** GET /api/users/submission-info: this ISO week's count and whether one more submission is allowed. */
export function getSubmissionInfo(signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>('/api/users/submission-info', { signal });
}

import { api } from '@/lib/api-client';

export type MarkAllReadAnswer = { message: string; updated: number };

/** PUT /notifications/read-all: one request marks every notification up to the newest one read. */
export function markAllNotificationsRead(): Promise<MarkAllReadAnswer> {
  return api.put<MarkAllReadAnswer>('/notifications/read-all');
}

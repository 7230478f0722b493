import type { ContentDailyQuery } from '@crossfeed/domain/api/content-analytics.dto.ts';
import { apiFetchWithHeaders } from '@/lib/api-client';
import { saveCsv } from '@/lib/save-csv';

/** Which export: the daily series, or the breakdown by sharer. */
export type ContentCsvKind = 'daily' | 'sharers';

/** The file name the server gave (`Content-Disposition`), else one built from the content and range. */
export function csvFileName(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * GET /analytics/content/{id}/{daily,sharers}.csv with the session's token (a plain link could not send
 * it), then hands the file to the browser as a download.
 */
export async function downloadContentCsv(contentId: string, kind: ContentCsvKind, query: ContentDailyQuery): Promise<void> {
  const { body, headers } = await apiFetchWithHeaders<unknown>(`/analytics/content/${encodeURIComponent(contentId)}/${kind}.csv`, {
    method: 'GET',
    query: { from: query.from, to: query.to },
  });
  saveCsv(typeof body === 'string' ? body : '', csvFileName(headers.get('content-disposition'), `crossfeed-${contentId}-${kind}.csv`));
}

/**
 * Manage Content's analytics reads in the query cache (see lib/query/README.md): the table of counts, a
 * content's attribution, its daily analytics for a period and its conversion tracking snippet.
 */
export const CONTENT_ANALYTICS_KEY = ['content-analytics'] as const;

export const contentAnalyticsKeys = {
  /** POST /analytics/ for these ids (the table of the Analytics tab). */
  table: (contentIds: readonly string[]) => [...CONTENT_ANALYTICS_KEY, 'table', contentIds] as const,
  /** GET /content/{id}/attribution. */
  attribution: (contentId: string) => [...CONTENT_ANALYTICS_KEY, 'attribution', contentId] as const,
  /** GET /analytics/content/{id}/daily for the last `days` days (UTC). */
  daily: (contentId: string, days: number) => [...CONTENT_ANALYTICS_KEY, 'daily', contentId, days] as const,
  /** GET /content/{id}/conversion-snippet/. */
  conversionSnippet: (contentId: string) => [...CONTENT_ANALYTICS_KEY, 'conversion-snippet', contentId] as const,
};

import { api } from '@/lib/api-client';

export type AttributionCounts = { clicks: number; unique_clicks: number; conversions: number };
export type AttributedContact = AttributionCounts & { contact_id: string; name: string };
export type SharerAttribution = AttributionCounts & {
  sharer_id: string;
  username: string;
  is_you: boolean;
  shares: number;
  contacts_reached: number;
  /** Named only for the caller's own contacts; null for other sharers (counts only). */
  contacts: AttributedContact[] | null;
};
/** GET /content/{id}/attribution (the owner only). */
export type ContentAttribution = {
  content_id: string;
  title: string;
  totals: AttributionCounts & { shares: number; contacts_reached: number };
  sharers: SharerAttribution[];
  unattributed: AttributionCounts;
};

export function getContentAttribution(contentId: string, signal?: AbortSignal): Promise<ContentAttribution> {
  return api.get<ContentAttribution>(`/content/${encodeURIComponent(contentId)}/attribution`, { signal });
}

/**
 * The owner's analytics of one content: who brought people to it (`GET /content/{id}/attribution`, all
 * time) and, for Premium, the daily series with the same breakdown over a range
 * (`GET /analytics/content/{id}/daily`). One shape for the server and the UI.
 *
 * `clicks` are people's clicks: bots are never counted. `unique_clicks` count a known contact's repeat
 * clicks on one content on one UTC day once; a click without a known contact counts each.
 */
export interface AttributionCounts {
  clicks: number;
  unique_clicks: number;
  conversions: number;
}

export interface AttributedContactDto extends AttributionCounts {
  contact_id: string;
  name: string;
}

export interface SharerAttributionDto extends AttributionCounts {
  sharer_id: string;
  username: string;
  /** The caller (the owner, whose own contacts clicked their links). */
  is_you: boolean;
  /** Delivered shares (each reached at least one contact new to the content). */
  shares: number;
  contacts_reached: number;
  /** Contacts who clicked or converted: named only when `is_you`, else null (counts only). */
  contacts: AttributedContactDto[] | null;
}

export interface ContentAttributionDto {
  content_id: string;
  title: string;
  totals: AttributionCounts & { shares: number; contacts_reached: number };
  sharers: SharerAttributionDto[];
  /** People's clicks and conversions that came without a known contact (the plain short link). */
  unattributed: AttributionCounts;
}

/** One UTC day of one content. */
export interface ContentDailyPoint extends AttributionCounts {
  /** YYYY-MM-DD (UTC). */
  day: string;
  shares: number;
}

/** The query of `GET /analytics/content/{id}/daily` and its CSV exports: `from`/`to` as YYYY-MM-DD. */
export interface ContentDailyQuery {
  from?: string;
  to?: string;
}

/**
 * `GET /analytics/content/{id}/daily` (Premium, the owner): every day of [from, to], zero-filled, and the
 * attribution (totals, sharers, unattributed) of the same range.
 */
export interface ContentDailyAnalyticsDto extends ContentAttributionDto {
  from: string;
  to: string;
  series: ContentDailyPoint[];
}

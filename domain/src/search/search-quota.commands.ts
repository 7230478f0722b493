/** A search is about to run: counted against the Free daily limit (Premium searches are not counted). */
export interface CountSearch {
  type: 'CountSearch';
  data: { userId: string; isPremium: boolean; now: string };
}

export type SearchQuotaCommand = CountSearch;

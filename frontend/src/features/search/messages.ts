/** SPEC §2 Advanced Search and §5 Advanced search. The SPEC gives no texts for its messages; these are ours. */
export const SEARCH_MESSAGES = {
  title: 'Advanced Search',
  required: 'Please enter a search query and choose at least one category and one content type.',
  dateOrder: 'The start date must be on or before the end date.',
  minViews: 'Minimum views must be a whole number of 0 or more.',
  noResults: 'No content matches your search. Try other words or filters.',
  failed: 'Search failed. Please try again.',
  /** Free users: the hint under the form (the limit itself is the server's, FREE_DAILY_SEARCHES). */
  searchesLeft: (count: number) => `Searches left today: ${count}`,
  limitReached: 'You have used all your searches for today. Upgrade to Premium for unlimited searches, or search again tomorrow (UTC).',
  upgrade: 'Upgrade to Premium',
  /** SPEC §5 lists the search categories without Business (a profile category): say where it went. */
  categoriesHint: 'Business is not a search category: find business content by its words in the query (for example "marketing"), or under Finance.',
} as const;

/** SPEC §2/§4/§8 texts of the home workspace. */
export const WORKSPACE_MESSAGES = {
  matchedLoading: 'Loading matched content...',
  matchedEmpty: 'No matched content available.',
  matchedFetchFailed: 'Failed to fetch matched content.',
  matchedLoadToast: 'Failed to load matched content.',
  shuffled: 'Matches shuffled successfully.',
  shuffleFailed: 'Failed to shuffle matches.',
  remainingFailed: 'Failed to fetch remaining shuffles.',
  ownLoading: 'Loading your contents...',
  ownFetchFailed: 'Failed to fetch your contents.',
  ownEmpty: 'No contents available, Try adding some.',
  ownInvalid: 'Invalid contents data.',
  allShared: 'All content shared! Progress has been reset.',
  workspaceLoading: 'Loading your workspace...',
  workspaceFetchFailed: 'Failed to load your workspace.',
  workspaceSaveFailed: 'Failed to save your workspace.',
  queueEmpty: 'No content in your queue.',
  matchesEmpty: 'No matched contents available.',
  shareManageInfoLabel: 'About Share and Manage',
  shareManageInfo:
    'Share sends a selected match to your contacts; every share moves your progress towards the matches’ required shares. Manage (step 2) lets you edit or delete your own content and see its analytics.',
  searchShowing: (count: number) => `Showing ${count} search ${count === 1 ? 'result' : 'results'} instead of your matches.`,
  rankedCaption: 'Ranked by how many of your categories and interests each item shares (a category counts more than an interest).',
  topPerformersCaption:
    "Top performers: related content first, by how many people its creator's content reached (delivered shares, counted clicks, verified conversions), items that reached their required shares included.",
  rankBasisOverlap: (value: number, categories: number, interests: number) =>
    `Shares ${value} of your categories and interests (${categories} ${categories === 1 ? 'category' : 'categories'}, ${interests} ${interests === 1 ? 'interest' : 'interests'})`,
  rankBasisEngagement: (value: number) => `Creator's reach: ${value}`,
} as const;

export const STEP_TITLES = ['Find Your Match', 'Choose Content to Share', 'Share and Manage'] as const;

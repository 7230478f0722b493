/** The founder analytics page's texts (SPEC §8 Analytics gives the fetch failure). */
export const ANALYTICS_MESSAGES = {
  loading: 'Loading analytics...',
  fetchFailed: 'Failed to fetch analytics data.',
  noActivity: 'No activity in this period yet.',
  rangeReversed: 'The start date must not be after the end date.',
  replayIdle: 'Rebuilds the analytics read model from the event log. The charts reload when it completes.',
  replayStarting: 'Starting the replay...',
  replayCompleted: 'Replay completed.',
  replayStartFailed: 'Failed to start the replay.',
} as const;

export const replayRunning = (projection: string) => `Replaying ${projection}...`;
export const replayFailed = (error: string) => `Replay failed: ${error}`;

/**
 * The id of the replay this browser started, so reopening the page can ask GET /admin/replay/{id} whether
 * it still runs (the API has no "list running replays" call). Storage failures just lose that hint.
 */
export const REPLAY_STORAGE_KEY = 'adminReplayJobId';

export function readReplayId(): string | null {
  try {
    return localStorage.getItem(REPLAY_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeReplayId(id: string): void {
  try {
    localStorage.setItem(REPLAY_STORAGE_KEY, id);
  } catch {
    // Private mode or a full quota: the live pushes still show the replay.
  }
}

export function clearReplayId(): void {
  try {
    localStorage.removeItem(REPLAY_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

import { useQuery } from '@tanstack/react-query';
import type { ContentProgressPush } from '@crossfeed/domain/api/realtime-events.ts';
import { queryClient } from '@/lib/query/query-client';
import { toast } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto, MatchProgress, WorkspaceDto } from '../types';
import { allMatchesShared, shareProgress, toggleById } from '../workspace-rules';
import { getWorkspace } from './get-workspace';
import { setMatchShareCount } from './matches-query';
import { postWorkspaceReset } from './reset-workspace';
import { putWorkspace } from './save-workspace';

/**
 * The workspace kept on the server (GET/PUT /workspace, POST /workspace/reset) in the query cache
 * (lib/query/README.md): the selected matches and contents, each match's progress and a Free user's shares
 * left today. Selecting writes the cache at once and saves the whole selection; the writes go to the server
 * one after the other, so the server ends with the latest, and only the last one's answer is shown. The
 * workspace slice keeps what is not the server's: which steps were clicked, the notice, the filter.
 */
export const KEPT_WORKSPACE_KEY = ['workspace', 'kept'] as const;

export type KeptWorkspace = {
  matches: ContentDto[];
  contents: ContentDto[];
  /** Each selected match's delivered shares of its required shares, by content id, as the server counts them. */
  progress: Record<string, MatchProgress>;
  /** A Free user's shares left today and the daily limit; null for Premium. */
  sharesLeftToday: number | null;
  dailyShareLimit: number | null;
};

/** What a successful share answered (POST /content/{id}/share/), as far as the workspace cares. */
export type ShareRecorded = {
  share_count: number;
  match: { delivered: number; required: number };
};

const EMPTY: KeptWorkspace = { matches: [], contents: [], progress: {}, sharesLeftToday: null, dailyShareLimit: null };

/** A GET /workspace answer the workspace can show. */
const isWorkspace = (answer: unknown): answer is WorkspaceDto =>
  answer !== null &&
  typeof answer === 'object' &&
  Array.isArray((answer as WorkspaceDto).matches) &&
  Array.isArray((answer as WorkspaceDto).contents) &&
  (answer as WorkspaceDto).matches.every((match) => match && typeof match.content_id === 'string' && match.content && typeof match.content.id === 'string');

const fromAnswer = (answer: WorkspaceDto): KeptWorkspace => ({
  matches: answer.matches.map((match) => match.content),
  contents: answer.contents,
  progress: Object.fromEntries(answer.matches.map((match) => [match.content_id, { delivered: match.delivered, required: match.required }])),
  sharesLeftToday: typeof answer.shares_left_today === 'number' ? answer.shares_left_today : null,
  dailyShareLimit: typeof answer.daily_share_limit === 'number' ? answer.daily_share_limit : null,
});

/** The answer was not a workspace: what is shown stays, and nothing is saved over a selection not known. */
class NotAWorkspace extends Error {}

// The writes of this session, one after the other (see above); `writes` counts those ever started, so a read
// that began before one is known to be older than its answer. `session` moves when the session ends, so a
// write still on its way then never shows its answer to the next account.
let session = 0;
let writes = 0;
let writesInFlight = 0;
let writeChain: Promise<void> = Promise.resolve();
let saveWaiting = false;

const read = (): KeptWorkspace | undefined => queryClient.getQueryData<KeptWorkspace>(KEPT_WORKSPACE_KEY);
const write = (change: (workspace: KeptWorkspace) => KeptWorkspace): void => {
  queryClient.setQueryData<KeptWorkspace>(KEPT_WORKSPACE_KEY, (workspace) => change(workspace ?? EMPTY));
};

async function fetchKeptWorkspace({ signal }: { signal: AbortSignal }): Promise<KeptWorkspace> {
  const writesBefore = writes;
  let answer: unknown;
  try {
    answer = await getWorkspace(signal);
  } catch (error) {
    if (!signal.aborted) toast.error(WORKSPACE_MESSAGES.workspaceFetchFailed, { toastId: 'workspace-fetch-failed' });
    throw error;
  }
  if (!isWorkspace(answer)) throw new NotAWorkspace();
  // A write started meanwhile answers with a newer workspace.
  const shown = read();
  if (writes !== writesBefore && shown) return shown;
  return completeIfAllShared(fromAnswer(answer));
}

const workspaceQuery = { queryKey: KEPT_WORKSPACE_KEY, queryFn: fetchKeptWorkspace, staleTime: Number.POSITIVE_INFINITY };

/**
 * The kept workspace, loaded when the workspace shows it (and kept current by the writes, the shares and the
 * `workspace:updated` push, which asks for it again).
 */
export function useKeptWorkspace({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...workspaceQuery, enabled }, queryClient);
  const workspace = query.data ?? EMPTY;
  return { ...workspace, loading: query.data === undefined && !query.isError, percent: shareProgress(workspace.matches, workspace.progress) };
}

/**
 * SPEC §4: at 100 % the notice appears and all steps and selections reset, here and on the server. The notice
 * shows in step 3, under the progress it is about, not as a toast: the share that got there has its own toast,
 * and one action gives one toast. Returns the workspace to show.
 */
function completeIfAllShared(workspace: KeptWorkspace): KeptWorkspace {
  if (!allMatchesShared(workspace.matches, workspace.progress)) return workspace;
  useAppStore.getState().showAllSharedNotice();
  void resetOnServer();
  return { ...workspace, matches: [], contents: [], progress: {} };
}

/** Runs `save` after the writes before it; only the last one's answer is shown (it is what the server keeps). */
function enqueueWrite(save: () => Promise<WorkspaceDto>): Promise<void> {
  const ofSession = session;
  writes++;
  writesInFlight++;
  const run = async () => {
    let failed = false;
    try {
      if (ofSession !== session) return;
      const answer = await save();
      if (ofSession !== session) return;
      if (writesInFlight === 1 && isWorkspace(answer)) queryClient.setQueryData(KEPT_WORKSPACE_KEY, completeIfAllShared(fromAnswer(answer)));
    } catch {
      failed = true;
      toast.error(WORKSPACE_MESSAGES.workspaceSaveFailed, { toastId: 'workspace-save-failed' });
    } finally {
      writesInFlight--;
    }
    // What the server kept is what the workspace shows.
    if (failed && writesInFlight === 0 && ofSession === session) void queryClient.refetchQueries({ queryKey: KEPT_WORKSPACE_KEY });
  };
  writeChain = writeChain.then(run);
  return writeChain;
}

const resetOnServer = (): Promise<void> => enqueueWrite(() => postWorkspaceReset());

/** PUT /workspace with the selection as it is when the request leaves: toggles made meanwhile share one request. */
function saveSelection(): Promise<void> {
  if (saveWaiting) return writeChain;
  saveWaiting = true;
  return enqueueWrite(() => {
    saveWaiting = false;
    const workspace = read() ?? EMPTY;
    return putWorkspace({ match_ids: workspace.matches.map((item) => item.id), content_ids: workspace.contents.map((item) => item.id) });
  });
}

/**
 * Selecting adds, selecting again removes, and the new selection is saved (PUT /workspace). A toggle made
 * while the kept workspace is still loading is applied on top of it once it arrives, so an early click never
 * overwrites the kept selection with a partial one; if it cannot be loaded, the toggle shows but is not saved.
 */
export async function toggleSelected(list: 'match' | 'content', content: ContentDto): Promise<void> {
  useAppStore.getState().markStepDone(list);
  let save = true;
  if (read() === undefined) {
    save = await queryClient.fetchQuery(workspaceQuery).then(
      () => true,
      () => false,
    );
  }
  write((workspace) =>
    list === 'match' ? { ...workspace, matches: toggleById(workspace.matches, content) } : { ...workspace, contents: toggleById(workspace.contents, content) },
  );
  if (save) await saveSelection();
}

/** Start Over: steps, selections and progress back to the start, here and on the server. */
export function startOver(): Promise<void> {
  useAppStore.getState().resetSteps();
  write((workspace) => ({ ...workspace, matches: [], contents: [], progress: {} }));
  return resetOnServer();
}

/**
 * A share of `contentId` succeeded: `result` is what the server answered (the match's progress and the
 * content's share count), shown wherever the content is listed; at 100 % the notice appears and the workspace
 * resets, else the server's workspace follows (GET /workspace).
 */
export function recordShare(contentId: string, result: ShareRecorded): void {
  setMatchShareCount(contentId, result.share_count);
  if (read() === undefined) return;
  write((workspace) => {
    const selected = workspace.matches.some((item) => item.id === contentId);
    return {
      ...workspace,
      matches: workspace.matches.map((item) => (item.id === contentId ? { ...item, share_count: result.share_count } : item)),
      progress: selected ? { ...workspace.progress, [contentId]: { delivered: result.match.delivered, required: result.match.required } } : workspace.progress,
      sharesLeftToday: workspace.sharesLeftToday === null ? null : Math.max(0, workspace.sharesLeftToday - 1),
    };
  });
  const workspace = read()!;
  if (allMatchesShared(workspace.matches, workspace.progress)) {
    write(completeIfAllShared);
    return;
  }
  void queryClient.refetchQueries({ queryKey: KEPT_WORKSPACE_KEY });
}

/** A `content:progress` push: another creator shared one of the user's contents in the queue. */
export function applyContentProgress({ content_id, share_count, required_shares, status }: ContentProgressPush): void {
  if (read() === undefined) return;
  write((workspace) => ({
    ...workspace,
    contents: workspace.contents.map((item) =>
      // Pushes can overtake each other; a count never goes back.
      item.id === content_id ? { ...item, share_count: Math.max(item.share_count, share_count), required_shares, status } : item,
    ),
  }));
}

/** An own content as it is now (edited, released, moderated), in place in the queue. */
export function replaceQueuedContent(content: ContentDto): void {
  if (read() === undefined) return;
  write((workspace) => ({ ...workspace, contents: workspace.contents.map((item) => (item.id === content.id ? content : item)) }));
}

/** A content deleted or removed: out of every selection. */
export function forgetQueuedContent(contentId: string): void {
  if (read() === undefined) return;
  const keep = (items: ContentDto[]) => items.filter((item) => item.id !== contentId);
  write((workspace) => ({ ...workspace, matches: keep(workspace.matches), contents: keep(workspace.contents) }));
}

/** The kept workspace again from the server, when it is shown (a `workspace:updated` push, a reconnect). */
export function refreshKeptWorkspace(): Promise<void> {
  return queryClient.refetchQueries({ queryKey: KEPT_WORKSPACE_KEY, type: 'active' });
}

/** The session ended: nothing of this account's workspace is kept or written for the next one. */
export function forgetKeptWorkspace(): void {
  session++;
  queryClient.removeQueries({ queryKey: KEPT_WORKSPACE_KEY });
  saveWaiting = false;
}

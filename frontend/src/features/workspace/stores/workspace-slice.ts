import type { StateCreator } from 'zustand';
import type { ContentProgressPush } from '@crossfeed/domain/api/realtime-events.ts';
import { toast } from '@/lib/toast';
import type { AppState, AppStateCreatorMiddlewares } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import { getWorkspace } from '../api/get-workspace';
import { postWorkspaceReset } from '../api/reset-workspace';
import { putWorkspace } from '../api/save-workspace';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto, MatchProgress, ViewFilter, WorkspaceDto } from '../types';
import { allMatchesShared, isPremiumViewFilter, shareProgress, toggleById } from '../workspace-rules';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What the share answer says of it (POST /content/{id}/share/), as far as the workspace cares. */
export type ShareRecorded = {
  share_count: number;
  match: { delivered: number; required: number };
};

/**
 * SPEC §2 Home workspace and §4 Workspace steps and View filter. The matched contents and the shuffle counter
 * are in the query cache (../api/matches-query.ts); this slice keeps the filter chosen and the kept workspace.
 */
export type WorkspaceSlice = {
  viewFilter: ViewFilter;
  selectedMatches: ContentDto[];
  selectedContents: ContentDto[];
  /** Steps 1 and 2 complete once a matched item / a content item was clicked (or the server keeps one selected). */
  stepsDone: { match: boolean; content: boolean };
  /** Each selected match's delivered shares of its required shares, by content id, as the server counts them. */
  matchProgress: Record<string, MatchProgress>;
  /** GET /workspace: 'idle' until the workspace asked the server for the kept selection. */
  workspaceStatus: LoadStatus;
  /** A Free user's shares left today and the daily limit; null for Premium or before the server answered. */
  sharesLeftToday: number | null;
  dailyShareLimit: number | null;
  /** 'All content shared! Progress has been reset.' after reaching 100 %. */
  workspaceNotice: string | null;
  /** The premium upsell, opened by a Premium filter or a blocked shuffle. */
  workspaceUpsellOpen: boolean;

  /**
   * An own content item changed (edited, enhanced): replaced in the queue. The own list itself is in the query
   * cache (lib/api/own-contents.ts); the queue follows here until the kept workspace is a query too.
   */
  replaceOwnContent: (content: ContentDto) => void;
  /** An own content item was deleted: dropped from every selection (the own list: `forgetOwnContent`). */
  forgetContent: (contentId: string) => void;
  /** Returns whether the filter changed (the list under it is then shown); a non-premium Premium choice opens the upsell. */
  chooseViewFilter: (filter: ViewFilter) => boolean;
  /** Selecting adds, selecting again removes; the new selection is saved on the server (PUT /workspace). */
  toggleMatch: (content: ContentDto) => void;
  toggleContent: (content: ContentDto) => void;
  /**
   * GET /workspace: the selection kept on the server, each match's progress and the shares left today
   * (on mount, after a share, and on every `workspace:updated` push from another tab or device).
   */
  fetchWorkspace: () => Promise<void>;
  /**
   * A share of `contentId` succeeded: `result` is what the server answered (the match's progress and the
   * content's share count), shown on the selected match; at 100 % the notice appears and the workspace resets
   * (POST /workspace/reset), else the server's workspace follows (GET /workspace).
   */
  recordShare: (contentId: string, result: ShareRecorded) => void;
  /** A `content:progress` push: another creator shared one of the user's contents. */
  applyContentProgress: (progress: ContentProgressPush) => void;
  /** Steps, selections and progress back to the start (Start Over). */
  resetWorkspaceProgress: () => void;
  dismissWorkspaceNotice: () => void;
  openWorkspaceUpsell: () => void;
  closeWorkspaceUpsell: () => void;
  /** Everything back to its initial value (logout, tests). */
  resetWorkspace: () => void;
};

type WorkspaceData = Omit<WorkspaceSlice, { [K in keyof WorkspaceSlice]: WorkspaceSlice[K] extends (...args: never[]) => unknown ? K : never }[keyof WorkspaceSlice]>;

const initialProgress = () => ({
  selectedMatches: [] as ContentDto[],
  selectedContents: [] as ContentDto[],
  stepsDone: { match: false, content: false },
  matchProgress: {} as Record<string, MatchProgress>,
});

const initialData = (): WorkspaceData => ({
  viewFilter: 'standard',
  ...initialProgress(),
  workspaceStatus: 'idle',
  sharesLeftToday: null,
  dailyShareLimit: null,
  workspaceNotice: null,
  workspaceUpsellOpen: false,
});

/** A GET /workspace answer the workspace can show. */
const isWorkspace = (answer: unknown): answer is WorkspaceDto =>
  answer !== null &&
  typeof answer === 'object' &&
  Array.isArray((answer as WorkspaceDto).matches) &&
  Array.isArray((answer as WorkspaceDto).contents) &&
  (answer as WorkspaceDto).matches.every((match) => match && typeof match.content_id === 'string' && match.content && typeof match.content.id === 'string');

export const createWorkspaceSlice: StateCreator<AppState, AppStateCreatorMiddlewares, [], WorkspaceSlice> = (set, get) => {
  // The kept workspace: writes (PUT after toggles, POST reset) go to the server one after the other, so the
  // server ends with the latest; a GET answer older than a write must not win over it.
  let workspaceGeneration = 0;
  let writesInFlight = 0;
  let writeChain: Promise<void> = Promise.resolve();
  let saveWaiting = false;
  // Toggles made while the kept workspace is still loading: replayed on top of it once it arrives, so an
  // early click never overwrites the kept selection with a partial one.
  let togglesWhileLoading: { list: 'match' | 'content'; content: ContentDto }[] = [];
  /**
   * Whether this session works with the kept workspace: the workspace asked the server for it. Until then
   * (a panel used on its own) nothing is written to or asked of the server.
   */
  const kept = () => get().workspaceStatus !== 'idle';
  const isPremium = () => selectIsPremium(get());

  const selection = () => ({
    match_ids: get().selectedMatches.map((item) => item.id),
    content_ids: get().selectedContents.map((item) => item.id),
  });

  /** The server's workspace replaces the local one (selection, progress, shares left). */
  const applyWorkspace = (answer: WorkspaceDto): boolean => {
    if (!isWorkspace(answer)) return false;
    set((state) => {
      state.selectedMatches = answer.matches.map((match) => match.content);
      state.selectedContents = answer.contents;
      state.matchProgress = Object.fromEntries(answer.matches.map((match) => [match.content_id, { delivered: match.delivered, required: match.required }]));
      if (answer.matches.length > 0) state.stepsDone.match = true;
      if (answer.contents.length > 0) state.stepsDone.content = true;
      state.sharesLeftToday = typeof answer.shares_left_today === 'number' ? answer.shares_left_today : null;
      state.dailyShareLimit = typeof answer.daily_share_limit === 'number' ? answer.daily_share_limit : null;
      state.workspaceStatus = 'ready';
    });
    completeIfAllShared();
    return true;
  };

  /**
   * SPEC §4: at 100 % the notice appears and all steps and selections reset, here and on the server. The notice
   * shows in step 3, under the progress it is about, not as a toast: the share that got there has its own toast,
   * and one action gives one toast (two stacked ones covered the step's Share buttons).
   */
  const completeIfAllShared = () => {
    if (!allMatchesShared(get().selectedMatches, get().matchProgress)) return;
    set((state) => {
      Object.assign(state, initialProgress());
      state.workspaceNotice = WORKSPACE_MESSAGES.allShared;
    });
    if (kept()) void resetOnServer();
  };

  /** Runs `write` after the writes before it; only the last one's answer is shown (it is what the server keeps). */
  const enqueueWrite = (write: () => Promise<WorkspaceDto>): Promise<void> => {
    workspaceGeneration++;
    writesInFlight++;
    const run = async () => {
      let failed = false;
      try {
        const answer = await write();
        if (writesInFlight === 1) applyWorkspace(answer);
      } catch {
        failed = true;
        toast.error(WORKSPACE_MESSAGES.workspaceSaveFailed, { toastId: 'workspace-save-failed' });
      } finally {
        writesInFlight--;
      }
      // What the server kept is what the workspace shows.
      if (failed && writesInFlight === 0) void get().fetchWorkspace();
    };
    writeChain = writeChain.then(run);
    return writeChain;
  };

  const resetOnServer = (): Promise<void> => enqueueWrite(() => postWorkspaceReset());

  /** PUT /workspace with the selection as it is when the request leaves: toggles made meanwhile share one request. */
  const saveSelection = (): Promise<void> => {
    if (!kept()) return writeChain;
    if (saveWaiting) return writeChain;
    saveWaiting = true;
    return enqueueWrite(() => {
      saveWaiting = false;
      return putWorkspace(selection());
    });
  };

  return {
    ...initialData(),

    replaceOwnContent: (content) =>
      set((state) => {
        const replace = (items: ContentDto[]) => items.map((item) => (item.id === content.id ? content : item));
        state.selectedContents = replace(state.selectedContents);
      }),

    forgetContent: (contentId) =>
      set((state) => {
        const keep = (items: ContentDto[]) => items.filter((item) => item.id !== contentId);
        state.selectedContents = keep(state.selectedContents);
        state.selectedMatches = keep(state.selectedMatches);
      }),

    chooseViewFilter: (filter) => {
      if (filter === get().viewFilter) return false;
      if (isPremiumViewFilter(filter) && !isPremium()) {
        get().openWorkspaceUpsell();
        return false;
      }
      set((state) => {
        state.viewFilter = filter;
      });
      return true;
    },

    toggleMatch: (content) => {
      set((state) => {
        state.selectedMatches = toggleById(state.selectedMatches, content);
        state.stepsDone.match = true;
      });
      if (get().workspaceStatus === 'loading') {
        togglesWhileLoading.push({ list: 'match', content });
        return;
      }
      // The answer brings the match's delivered shares (it may have been shared before it was selected).
      void saveSelection();
    },

    toggleContent: (content) => {
      set((state) => {
        state.selectedContents = toggleById(state.selectedContents, content);
        state.stepsDone.content = true;
      });
      if (get().workspaceStatus === 'loading') {
        togglesWhileLoading.push({ list: 'content', content });
        return;
      }
      void saveSelection();
    },

    fetchWorkspace: async () => {
      const generation = ++workspaceGeneration;
      if (get().workspaceStatus !== 'ready') {
        set((state) => {
          state.workspaceStatus = 'loading';
        });
      }
      try {
        const answer = await getWorkspace();
        // A write started meanwhile answers with a newer workspace.
        if (generation !== workspaceGeneration || writesInFlight > 0) return;
        const early = togglesWhileLoading;
        togglesWhileLoading = [];
        if (!applyWorkspace(answer)) {
          // Not a workspace: what is shown stays, and nothing is saved over a selection not known.
          set((state) => {
            if (state.workspaceStatus === 'loading') state.workspaceStatus = 'error';
          });
          return;
        }
        if (early.length > 0) {
          set((state) => {
            for (const { list, content } of early) {
              if (list === 'match') state.selectedMatches = toggleById(state.selectedMatches, content);
              else state.selectedContents = toggleById(state.selectedContents, content);
            }
          });
          void saveSelection();
        }
      } catch {
        if (generation !== workspaceGeneration) return;
        // Not saved: without the kept selection, saving them would overwrite it with a partial one.
        togglesWhileLoading = [];
        set((state) => {
          if (state.workspaceStatus === 'loading') state.workspaceStatus = 'error';
        });
        toast.error(WORKSPACE_MESSAGES.workspaceFetchFailed, { toastId: 'workspace-fetch-failed' });
      }
    },

    recordShare: (contentId, result) => {
      // The server's figures only (docs/exchange.md): the people this share reached, the content's count and
      // where the match stands. The match's delivered shares have one owner, the server's match progress.
      set((state) => {
        for (const item of state.selectedMatches) {
          if (item.id === contentId) item.share_count = result.share_count;
        }
        if (state.selectedMatches.some((item) => item.id === contentId)) {
          state.matchProgress[contentId] = { delivered: result.match.delivered, required: result.match.required };
        }
        if (state.sharesLeftToday !== null) state.sharesLeftToday = Math.max(0, state.sharesLeftToday - 1);
      });
      if (allMatchesShared(get().selectedMatches, get().matchProgress)) {
        completeIfAllShared();
        return;
      }
      if (kept()) void get().fetchWorkspace();
    },

    applyContentProgress: ({ content_id, share_count, required_shares, status }) =>
      set((state) => {
        for (const item of state.selectedContents) {
          if (item.id !== content_id) continue;
          // Pushes can overtake each other; a count never goes back.
          item.share_count = Math.max(item.share_count, share_count);
          item.required_shares = required_shares;
          item.status = status;
        }
      }),

    resetWorkspaceProgress: () => {
      set((state) => {
        Object.assign(state, initialProgress());
      });
      if (kept()) void resetOnServer();
    },

    dismissWorkspaceNotice: () =>
      set((state) => {
        state.workspaceNotice = null;
      }),

    openWorkspaceUpsell: () =>
      set((state) => {
        state.workspaceUpsellOpen = true;
      }),

    closeWorkspaceUpsell: () =>
      set((state) => {
        state.workspaceUpsellOpen = false;
      }),

    resetWorkspace: () => {
      workspaceGeneration++;
      togglesWhileLoading = [];
      set((state) => {
        Object.assign(state, initialData());
      });
    },
  };
};

/** The share progress of step 3, in percent. */
export const selectShareProgress = (state: AppState): number => shareProgress(state.selectedMatches, state.matchProgress);

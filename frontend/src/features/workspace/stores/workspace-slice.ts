import type { StateCreator } from 'zustand';
import type { ContentProgressPush } from '@crossfeed/domain/api/realtime-events.ts';
import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api-client';
import { appendPage, PAGE_SIZE, refreshLimit } from '@/lib/paging';
import type { AppState, AppStateCreatorMiddlewares } from '@/stores/app-store';
import { getMatchedContent } from '../api/get-matched-content';
import { getOwnContents } from '../api/get-own-contents';
import { getRemainingShuffles } from '../api/get-remaining-shuffles';
import { postShuffleMatches } from '../api/shuffle-matches';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto, RemainingShuffles, ViewFilter } from '../types';
import {
  MATCHED_ITEMS,
  isContentList,
  isPremiumViewFilter,
  normalizeRemaining,
  remainingAfterShuffle,
  shareProgress,
  shuffleButtonState,
  toggleById,
} from '../workspace-rules';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** SPEC §2 Home workspace and §4 Workspace steps, View filter and Shuffle counter. */
export type WorkspaceSlice = {
  matchedContents: ContentDto[];
  matchedStatus: LoadStatus;
  /** The server's message or 'Failed to fetch matched content.'. */
  matchedError: string | null;
  shuffling: boolean;
  /** Free users' count; 'Unlimited' for Premium (or -1 from the server); null until fetched. */
  remainingShuffles: RemainingShuffles | null;
  viewFilter: ViewFilter;
  /** The pages of own contents loaded so far, newest first. */
  ownContents: ContentDto[];
  /** How many own contents there are in all (`X-Total-Count`): more than listed offers "Load more". */
  ownContentsTotal: number;
  ownContentsLoadingMore: boolean;
  /** 'invalid' when the answer was not a content list. */
  ownContentsStatus: LoadStatus | 'invalid';
  ownContentsError: string | null;
  selectedMatches: ContentDto[];
  selectedContents: ContentDto[];
  /** Steps 1 and 2 complete once a matched item / a content item was clicked. */
  stepsDone: { match: boolean; content: boolean };
  sharesMade: number;
  /** 'All content shared! Progress has been reset.' after reaching 100 %. */
  workspaceNotice: string | null;
  /** The premium upsell, opened by a Premium filter or a blocked shuffle. */
  workspaceUpsellOpen: boolean;

  fetchMatchedContent: () => Promise<void>;
  /** Blocked free users get the upsell instead of a call. */
  shuffleMatches: () => Promise<void>;
  fetchRemainingShuffles: () => Promise<void>;
  /**
   * GET /content/ (the first page). A `refresh` (after an edit, a delete or an enhance) keeps the current
   * list on screen until the answer arrives, asks for as many items as are listed, and a failed refresh
   * keeps the list too, with a toast.
   */
  fetchOwnContents: (options?: { refresh?: boolean }) => Promise<void>;
  /** The next page after the listed own contents; a failure keeps the list, with a toast. */
  loadMoreOwnContents: () => Promise<void>;
  /** An own content item changed (edited, enhanced): replaced in the list and in the queue. */
  replaceOwnContent: (content: ContentDto) => void;
  /** An own content item was deleted: dropped from the list and from every selection. */
  forgetContent: (contentId: string) => void;
  /** Returns whether the filter changed (and the matches are refetched); a non-premium Premium choice opens the upsell. */
  chooseViewFilter: (filter: ViewFilter) => boolean;
  toggleMatch: (content: ContentDto) => void;
  toggleContent: (content: ContentDto) => void;
  /**
   * A successful share of `contentId`: its share count goes up where it is listed, one more share is made,
   * and at 100 % the notice appears and the workspace resets.
   */
  recordShare: (contentId?: string) => void;
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
  sharesMade: 0,
});

const initialData = (): WorkspaceData => ({
  matchedContents: [],
  matchedStatus: 'idle',
  matchedError: null,
  shuffling: false,
  remainingShuffles: null,
  viewFilter: 'standard',
  ownContents: [],
  ownContentsTotal: 0,
  ownContentsLoadingMore: false,
  ownContentsStatus: 'idle',
  ownContentsError: null,
  ...initialProgress(),
  workspaceNotice: null,
  workspaceUpsellOpen: false,
});

export const createWorkspaceSlice: StateCreator<AppState, AppStateCreatorMiddlewares, [], WorkspaceSlice> = (set, get) => {
  // A matched-content answer that arrives after a newer fetch or shuffle started must not win.
  let matchGeneration = 0;
  let ownGeneration = 0;
  const isPremium = () => get().user?.is_premium === true;

  return {
    ...initialData(),

    fetchMatchedContent: async () => {
      const generation = ++matchGeneration;
      const filter = get().viewFilter;
      set((state) => {
        state.matchedStatus = 'loading';
        state.matchedError = null;
      });
      try {
        const items = await getMatchedContent(filter);
        if (generation !== matchGeneration) return;
        set((state) => {
          state.matchedContents = (Array.isArray(items) ? items : []).slice(0, MATCHED_ITEMS);
          state.matchedStatus = 'ready';
        });
      } catch (error) {
        if (generation !== matchGeneration) return;
        set((state) => {
          state.matchedStatus = 'error';
          state.matchedError = errorMessage(error, WORKSPACE_MESSAGES.matchedFetchFailed);
        });
        toast.error(WORKSPACE_MESSAGES.matchedLoadToast, { toastId: 'matched-load-failed' });
      }
    },

    shuffleMatches: async () => {
      if (get().shuffling) return;
      if (shuffleButtonState(isPremium(), get().remainingShuffles).blocked) {
        get().openWorkspaceUpsell();
        return;
      }
      const generation = ++matchGeneration;
      set((state) => {
        state.shuffling = true;
      });
      try {
        const items = await postShuffleMatches();
        set((state) => {
          state.shuffling = false;
          if (!isPremium()) state.remainingShuffles = remainingAfterShuffle(state.remainingShuffles);
          if (generation === matchGeneration) {
            state.matchedContents = (Array.isArray(items) ? items : []).slice(0, MATCHED_ITEMS);
            state.matchedStatus = 'ready';
            state.matchedError = null;
          }
        });
        toast.success(WORKSPACE_MESSAGES.shuffled);
      } catch {
        set((state) => {
          state.shuffling = false;
        });
        toast.error(WORKSPACE_MESSAGES.shuffleFailed, { toastId: 'shuffle-failed' });
      }
    },

    fetchRemainingShuffles: async () => {
      if (isPremium()) {
        set((state) => {
          state.remainingShuffles = 'Unlimited';
        });
        return;
      }
      try {
        const answer = await getRemainingShuffles();
        set((state) => {
          state.remainingShuffles = normalizeRemaining(answer?.remaining_shuffles);
        });
      } catch {
        toast.error(WORKSPACE_MESSAGES.remainingFailed, { toastId: 'remaining-shuffles-failed' });
      }
    },

    fetchOwnContents: async ({ refresh = false } = {}) => {
      const generation = ++ownGeneration;
      const keepShown = refresh && get().ownContentsStatus === 'ready';
      set((state) => {
        state.ownContentsLoadingMore = false;
        if (keepShown) return;
        state.ownContentsStatus = 'loading';
        state.ownContentsError = null;
      });
      try {
        const limit = keepShown ? refreshLimit(get().ownContents.length) : PAGE_SIZE;
        const { items, total } = await getOwnContents({ offset: 0, limit });
        if (generation !== ownGeneration) return;
        set((state) => {
          if (isContentList(items)) {
            state.ownContents = items;
            state.ownContentsTotal = total;
            state.ownContentsStatus = 'ready';
          } else {
            state.ownContents = [];
            state.ownContentsTotal = 0;
            state.ownContentsStatus = 'invalid';
          }
        });
      } catch {
        if (generation !== ownGeneration) return;
        if (keepShown) {
          toast.error(WORKSPACE_MESSAGES.ownFetchFailed, { toastId: 'own-contents-refresh-failed' });
          return;
        }
        set((state) => {
          state.ownContentsStatus = 'error';
          state.ownContentsError = WORKSPACE_MESSAGES.ownFetchFailed;
        });
      }
    },

    loadMoreOwnContents: async () => {
      const { ownContents, ownContentsTotal, ownContentsStatus, ownContentsLoadingMore } = get();
      if (ownContentsStatus !== 'ready' || ownContentsLoadingMore || ownContents.length >= ownContentsTotal) return;
      const generation = ownGeneration;
      set((state) => {
        state.ownContentsLoadingMore = true;
      });
      try {
        const { items, total } = await getOwnContents({ offset: ownContents.length, limit: PAGE_SIZE });
        if (generation !== ownGeneration) return;
        set((state) => {
          state.ownContentsLoadingMore = false;
          // A malformed next page leaves the list as it is (the first page decides 'invalid').
          if (!isContentList(items)) return;
          state.ownContents = appendPage(state.ownContents, items);
          state.ownContentsTotal = total;
        });
      } catch {
        if (generation !== ownGeneration) return;
        set((state) => {
          state.ownContentsLoadingMore = false;
        });
        toast.error(WORKSPACE_MESSAGES.ownFetchFailed, { toastId: 'own-contents-more-failed' });
      }
    },

    replaceOwnContent: (content) =>
      set((state) => {
        const replace = (items: ContentDto[]) => items.map((item) => (item.id === content.id ? content : item));
        state.ownContents = replace(state.ownContents);
        state.selectedContents = replace(state.selectedContents);
      }),

    forgetContent: (contentId) =>
      set((state) => {
        const keep = (items: ContentDto[]) => items.filter((item) => item.id !== contentId);
        if (state.ownContents.some((item) => item.id === contentId)) state.ownContentsTotal = Math.max(0, state.ownContentsTotal - 1);
        state.ownContents = keep(state.ownContents);
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
      void get().fetchMatchedContent();
      return true;
    },

    toggleMatch: (content) =>
      set((state) => {
        state.selectedMatches = toggleById(state.selectedMatches, content);
        state.stepsDone.match = true;
      }),

    toggleContent: (content) =>
      set((state) => {
        state.selectedContents = toggleById(state.selectedContents, content);
        state.stepsDone.content = true;
      }),

    recordShare: (contentId) => {
      if (contentId) {
        set((state) => {
          for (const item of [...state.matchedContents, ...state.selectedMatches]) {
            if (item.id === contentId) item.share_count += 1;
          }
        });
      }
      const sharesMade = get().sharesMade + 1;
      if (shareProgress(sharesMade, get().selectedMatches) >= 100) {
        set((state) => {
          Object.assign(state, initialProgress());
          state.workspaceNotice = WORKSPACE_MESSAGES.allShared;
        });
        toast.success(WORKSPACE_MESSAGES.allShared, { toastId: 'all-content-shared' });
        return;
      }
      set((state) => {
        state.sharesMade = sharesMade;
      });
    },

    applyContentProgress: ({ content_id, share_count, required_shares, status }) =>
      set((state) => {
        for (const item of [...state.ownContents, ...state.selectedContents]) {
          if (item.id !== content_id) continue;
          // Pushes can overtake each other; a count never goes back.
          item.share_count = Math.max(item.share_count, share_count);
          item.required_shares = required_shares;
          item.status = status;
        }
      }),

    resetWorkspaceProgress: () =>
      set((state) => {
        Object.assign(state, initialProgress());
      }),

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
      matchGeneration++;
      ownGeneration++;
      set((state) => {
        Object.assign(state, initialData());
      });
    },
  };
};

/** The share progress of step 3, in percent. */
export const selectShareProgress = (state: AppState): number => shareProgress(state.sharesMade, state.selectedMatches);

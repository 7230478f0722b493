import type { StateCreator } from 'zustand';
import type { AppState, AppStateCreatorMiddlewares } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ViewFilter } from '../types';
import { isPremiumViewFilter } from '../workspace-rules';

/**
 * SPEC §2 Home workspace and §4 Workspace steps and View filter: what is the UI's, not the server's. The
 * matched contents and the shuffle counter (../api/matches-query.ts) and the kept selection with its progress
 * (../api/kept-workspace.ts) are in the query cache.
 */
export type WorkspaceSlice = {
  viewFilter: ViewFilter;
  /** Steps 1 and 2 were clicked (a step is also complete while the kept workspace has a selection in it). */
  stepsDone: { match: boolean; content: boolean };
  /** 'All content shared! Progress has been reset.' after reaching 100 %. */
  workspaceNotice: string | null;
  /** The premium upsell, opened by a Premium filter or a blocked shuffle. */
  workspaceUpsellOpen: boolean;

  /** Returns whether the filter changed (the list under it is then shown); a non-premium Premium choice opens the upsell. */
  chooseViewFilter: (filter: ViewFilter) => boolean;
  markStepDone: (step: 'match' | 'content') => void;
  /** Steps back to the start (Start Over, 100 % reached). */
  resetSteps: () => void;
  /** 100 % reached: the notice, and the steps back to the start. */
  showAllSharedNotice: () => void;
  dismissWorkspaceNotice: () => void;
  openWorkspaceUpsell: () => void;
  closeWorkspaceUpsell: () => void;
  /** Everything back to its initial value (logout, tests). */
  resetWorkspace: () => void;
};

type WorkspaceData = Pick<WorkspaceSlice, 'viewFilter' | 'stepsDone' | 'workspaceNotice' | 'workspaceUpsellOpen'>;

const initialData = (): WorkspaceData => ({
  viewFilter: 'standard',
  stepsDone: { match: false, content: false },
  workspaceNotice: null,
  workspaceUpsellOpen: false,
});

export const createWorkspaceSlice: StateCreator<AppState, AppStateCreatorMiddlewares, [], WorkspaceSlice> = (set, get) => ({
  ...initialData(),

  chooseViewFilter: (filter) => {
    if (filter === get().viewFilter) return false;
    if (isPremiumViewFilter(filter) && !selectIsPremium(get())) {
      get().openWorkspaceUpsell();
      return false;
    }
    set((state) => {
      state.viewFilter = filter;
    });
    return true;
  },

  markStepDone: (step) =>
    set((state) => {
      state.stepsDone[step] = true;
    }),

  resetSteps: () =>
    set((state) => {
      state.stepsDone = { match: false, content: false };
    }),

  showAllSharedNotice: () =>
    set((state) => {
      state.stepsDone = { match: false, content: false };
      state.workspaceNotice = WORKSPACE_MESSAGES.allShared;
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

  resetWorkspace: () =>
    set((state) => {
      Object.assign(state, initialData());
    }),
});

import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { createSessionSlice, type SessionSlice } from '@/features/auth/stores/session-slice';
import { createWorkspaceSlice, type WorkspaceSlice } from '@/features/workspace/stores/workspace-slice';
import { createPanelsSlice, type PanelsSlice } from './panels-slice';

/**
 * The one store of the UI (DESIGN §6, STYLE: Zustand slices). Each feature adds its slice here; immer is
 * applied once, here, so slices write `set((state) => { state.x = y })`. Components select single fields:
 * `useAppStore((state) => state.token)`.
 */
export type AppState = SessionSlice & WorkspaceSlice & PanelsSlice;

export type AppStateCreatorMiddlewares = [['zustand/immer', never]];

export const useAppStore = create<AppState>()(
  immer((...args) => ({
    ...createSessionSlice(...args),
    ...createWorkspaceSlice(...args),
    ...createPanelsSlice(...args),
  })),
);

// A logout ends the workspace too: the next user must not inherit selections, matches or the shuffle count.
useAppStore.subscribe((state, previous) => {
  if (previous.user && previous.user.id !== state.user?.id) {
    state.resetWorkspace();
    if (state.openPanel) state.closePanel();
  }
});

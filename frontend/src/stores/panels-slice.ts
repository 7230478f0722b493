import type { StateCreator } from 'zustand';
import type { AppState, AppStateCreatorMiddlewares } from './app-store';

/** The workspace panels the sidebar (SPEC §2 App layout) opens, one at a time. */
export type PanelId = 'profile' | 'contacts' | 'add-content' | 'notifications' | 'premium' | 'logout';

/**
 * Which sidebar panel is open. Kept in the store so that a page can lead to one too: an empty state's
 * next step ('Add contacts', 'Add content') opens the same panel as the sidebar entry.
 */
export type PanelsSlice = {
  openPanel: PanelId | null;
  showPanel: (panel: PanelId) => void;
  closePanel: () => void;
};

export const createPanelsSlice: StateCreator<AppState, AppStateCreatorMiddlewares, [], PanelsSlice> = (set) => ({
  openPanel: null,
  showPanel: (panel) =>
    set((state) => {
      state.openPanel = panel;
    }),
  closePanel: () =>
    set((state) => {
      state.openPanel = null;
    }),
});

import { useAppStore } from '@/stores/app-store';

/** Signed out, nothing stored, no pending expiry timer, no notifications, an empty workspace, no panel open. */
export function resetAppStoreForTests(): void {
  useAppStore.getState().logout();
  useAppStore.getState().resetWorkspace();
  useAppStore.getState().closePanel();
  localStorage.clear();
}

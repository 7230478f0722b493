import { useAppStore } from '@/stores/app-store';

/** Signed out, nothing stored, no pending expiry timer, no notifications. */
export function resetAppStoreForTests(): void {
  useAppStore.getState().logout();
  useAppStore.getState().resetNotifications();
  localStorage.clear();
}

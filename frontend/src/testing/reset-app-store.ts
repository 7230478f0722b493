import { useAppStore } from '@/stores/app-store';

/** Signed out, nothing stored, no pending expiry timer. */
export function resetAppStoreForTests(): void {
  useAppStore.getState().logout();
  localStorage.clear();
}

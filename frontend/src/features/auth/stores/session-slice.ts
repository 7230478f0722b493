import type { StateCreator } from 'zustand';
import { clearSessionEnded, toast } from '@/lib/toast';
import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import { ApiError } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { notifySessionExpired } from '@/lib/notify';
import type { AppState, AppStateCreatorMiddlewares } from '@/stores/app-store';
import { getCurrentUser } from '../api/get-current-user';
import { saveTourCompleted } from '../api/tour-completed';
import { readJwtExpiry } from '../utils/jwt';
import {
  clearStoredSession,
  readStoredSession,
  readTourCompleted,
  storeSession,
  storeTourCompleted,
  storeUser,
} from '../utils/session-storage';

export const REFRESH_FAILED = 'Failed to refresh user data.';

/** SPEC §3/§4: the signed-in user, their JWT, and whether they finished the guided tour. */
export type SessionSlice = {
  token: string | null;
  user: UserDto | null;
  hasCompletedTour: boolean;
  /**
   * The last session ended because its token expired (found expired at start-up, the expiry timer, or a 401):
   * the login page says so ('Session expired. Please log in again.') until the next login.
   */
  sessionExpired: boolean;
  /** Stores the session and schedules the automatic logout at the token's `exp`. */
  login: (token: string, user: UserDto, options?: { isNewUser?: boolean }) => void;
  logout: (options?: { expired?: boolean }) => void;
  /** Replaces the user (a refresh, a `user:updated` push). */
  setUser: (user: UserDto) => void;
  /** Reloads the user from GET /auth/me; on failure toasts and logs out. */
  refreshUser: () => Promise<void>;
  /** Marks the tour completed (it ended) or not (Help/Tour), in this browser and on the account. */
  setTourCompleted: (completed: boolean) => void;
};

/**
 * Whether `user` has completed the tour: on the account (any device, SPEC §3 hasCompletedTour) or, as
 * before the account kept it, in this browser's `hasCompletedTour-{userId}`.
 */
function tourCompletedOf(user: UserDto): boolean {
  return user.has_completed_tour === true || readTourCompleted(user.id);
}

/** Records the tour's state on the account; the answer refreshes the user. A failure keeps the local flag. */
function syncTourCompleted(completed: boolean, userId: string, setUser: (user: UserDto) => void, currentUserId: () => string | undefined): void {
  saveTourCompleted(completed).then(
    (user) => {
      if (currentUserId() === userId && user?.id === userId) setUser(user);
    },
    (error: unknown) => console.warn('The tour state was kept in this browser only.', error),
  );
}

// setTimeout holds at most 2^31-1 ms (about 24.8 days); longer tokens re-arm the timer when it fires.
const MAX_TIMER_DELAY = 2 ** 31 - 1;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function cancelExpiry(): void {
  clearTimeout(expiryTimer);
  expiryTimer = undefined;
}

function scheduleExpiry(expiresAt: number, onExpire: () => void): void {
  cancelExpiry();
  const delay = Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_DELAY);
  expiryTimer = setTimeout(() => {
    if (Date.now() >= expiresAt) onExpire();
    else scheduleExpiry(expiresAt, onExpire);
  }, delay);
}

export const createSessionSlice: StateCreator<AppState, AppStateCreatorMiddlewares, [], SessionSlice> = (set, get) => {
  const expire = () => {
    get().logout({ expired: true });
    notifySessionExpired();
    navigateTo('/login', { replace: true });
  };

  // A stored session survives a reload unless its token has already expired.
  const stored = readStoredSession();
  let { token, user } = stored;
  let sessionExpired = false;
  const storedExpiry = token ? readJwtExpiry(token) : null;
  if (storedExpiry !== null && storedExpiry <= Date.now()) {
    clearStoredSession();
    token = null;
    user = null;
    sessionExpired = true;
  } else if (storedExpiry !== null) {
    scheduleExpiry(storedExpiry, expire);
  }

  return {
    token,
    user,
    hasCompletedTour: user ? tourCompletedOf(user) : false,
    sessionExpired,

    login: (newToken, newUser, options) => {
      clearSessionEnded();
      storeSession(newToken, newUser);
      // SPEC §4 Signup: a new account starts with the tour not completed.
      if (options?.isNewUser) storeTourCompleted(newUser.id, false);
      // Completed on another device: this one does not replay it.
      const hasCompletedTour = !options?.isNewUser && tourCompletedOf(newUser);
      if (hasCompletedTour) storeTourCompleted(newUser.id, true);
      // Completed in this browser before the account kept it: the account learns it now.
      const syncLocalCompletion = hasCompletedTour && newUser.has_completed_tour === false;
      set((state) => {
        state.token = newToken;
        state.user = newUser;
        state.hasCompletedTour = hasCompletedTour;
        state.sessionExpired = false;
      });
      const expiresAt = readJwtExpiry(newToken);
      if (expiresAt === null) cancelExpiry();
      else scheduleExpiry(expiresAt, expire);
      if (syncLocalCompletion) syncTourCompleted(true, newUser.id, get().setUser, () => get().user?.id);
    },

    logout: (options) => {
      cancelExpiry();
      clearStoredSession();
      set((state) => {
        state.token = null;
        state.user = null;
        state.hasCompletedTour = false;
        state.sessionExpired = options?.expired === true;
      });
    },

    setUser: (nextUser) => {
      storeUser(nextUser);
      set((state) => {
        state.user = nextUser;
      });
    },

    refreshUser: async () => {
      try {
        get().setUser(await getCurrentUser());
      } catch (error) {
        // A 401 was already reported as an expired session, and the API client has logged out.
        if (!(error instanceof ApiError && error.status === 401)) toast.error(REFRESH_FAILED, { toastId: 'refresh-failed' });
        get().logout();
      }
    },

    setTourCompleted: (completed) => {
      const current = get().user;
      if (current) storeTourCompleted(current.id, completed);
      set((state) => {
        state.hasCompletedTour = completed;
      });
      if (current && get().token && current.has_completed_tour !== completed) {
        syncTourCompleted(completed, current.id, get().setUser, () => get().user?.id);
      }
    },
  };
};

import type { StateCreator } from 'zustand';
import { toast } from 'react-toastify';
import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import { ApiError } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { notifySessionExpired } from '@/lib/notify';
import type { AppState, AppStateCreatorMiddlewares } from '@/stores/app-store';
import { getCurrentUser } from '../api/get-current-user';
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
  /** Stores the session and schedules the automatic logout at the token's `exp`. */
  login: (token: string, user: UserDto, options?: { isNewUser?: boolean }) => void;
  logout: () => void;
  /** Replaces the user (a refresh, a `user:updated` push). */
  setUser: (user: UserDto) => void;
  /** Reloads the user from GET /auth/me; on failure toasts and logs out. */
  refreshUser: () => Promise<void>;
  setTourCompleted: (completed: boolean) => void;
};

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
    get().logout();
    notifySessionExpired();
    navigateTo('/login', { replace: true });
  };

  // A stored session survives a reload unless its token has already expired.
  const stored = readStoredSession();
  let { token, user } = stored;
  const storedExpiry = token ? readJwtExpiry(token) : null;
  if (storedExpiry !== null && storedExpiry <= Date.now()) {
    clearStoredSession();
    token = null;
    user = null;
  } else if (storedExpiry !== null) {
    scheduleExpiry(storedExpiry, expire);
  }

  return {
    token,
    user,
    hasCompletedTour: user ? readTourCompleted(user.id) : false,

    login: (newToken, newUser, options) => {
      storeSession(newToken, newUser);
      // SPEC §4 Signup: a new account starts with the tour not completed.
      if (options?.isNewUser) storeTourCompleted(newUser.id, false);
      const hasCompletedTour = readTourCompleted(newUser.id);
      set((state) => {
        state.token = newToken;
        state.user = newUser;
        state.hasCompletedTour = hasCompletedTour;
      });
      const expiresAt = readJwtExpiry(newToken);
      if (expiresAt === null) cancelExpiry();
      else scheduleExpiry(expiresAt, expire);
    },

    logout: () => {
      cancelExpiry();
      clearStoredSession();
      set((state) => {
        state.token = null;
        state.user = null;
        state.hasCompletedTour = false;
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
    },
  };
};

import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '@/lib/navigation';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { selectIsAdmin, selectIsPremium } from '@/stores/session-selectors';

const NOW = new Date('2026-03-01T12:00:00Z').getTime();

describe('session slice', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    registerNavigator(navigate);
  });

  afterEach(() => {
    vi.useRealTimers();
    registerNavigator(null);
  });

  it('login stores the token and user in state and localStorage', () => {
    const token = makeJwt(NOW / 1000 + 3600);
    const user = makeUser({ is_admin: true });

    useAppStore.getState().login(token, user);

    const state = useAppStore.getState();
    expect(state.token).toBe(token);
    expect(state.user).toEqual(user);
    expect(selectIsAdmin(state)).toBe(true);
    expect(selectIsPremium(state)).toBe(false);
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
  });

  it('logout clears the session from state and localStorage', () => {
    useAppStore.getState().login(makeJwt(NOW / 1000 + 3600), makeUser());

    useAppStore.getState().logout();

    expect(useAppStore.getState().token).toBeNull();
    expect(useAppStore.getState().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logs out at the token exp with the session-expired toast and goes to /login', () => {
    const warning = vi.spyOn(toast, 'warning');
    useAppStore.getState().login(makeJwt(NOW / 1000 + 60), makeUser());

    vi.advanceTimersByTime(59_999);
    expect(useAppStore.getState().token).not.toBeNull();
    expect(warning).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(useAppStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(warning).toHaveBeenCalledWith('Session expired. Please log in again.', expect.anything());
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('keeps a session whose exp is beyond the longest timer alive until exp', () => {
    const days40 = 40 * 24 * 3600;
    useAppStore.getState().login(makeJwt(NOW / 1000 + days40), makeUser());

    vi.advanceTimersByTime(30 * 24 * 3600 * 1000);
    expect(useAppStore.getState().token).not.toBeNull();

    vi.advanceTimersByTime(10 * 24 * 3600 * 1000);
    expect(useAppStore.getState().token).toBeNull();
  });

  it('a logout before exp cancels the automatic logout', () => {
    const warning = vi.spyOn(toast, 'warning');
    useAppStore.getState().login(makeJwt(NOW / 1000 + 60), makeUser());
    useAppStore.getState().logout();

    vi.advanceTimersByTime(120_000);

    expect(warning).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signup marks the tour not completed; a returning user keeps the stored flag', () => {
    const user = makeUser({ id: 'u-42' });
    useAppStore.getState().login(makeJwt(NOW / 1000 + 60), user, { isNewUser: true });
    expect(localStorage.getItem('hasCompletedTour-u-42')).toBe('false');
    expect(useAppStore.getState().hasCompletedTour).toBe(false);

    useAppStore.getState().setTourCompleted(true);
    useAppStore.getState().logout();
    useAppStore.getState().login(makeJwt(NOW / 1000 + 60), user);

    expect(localStorage.getItem('hasCompletedTour-u-42')).toBe('true');
    expect(useAppStore.getState().hasCompletedTour).toBe(true);
  });

  it('refreshUser replaces the stored user', async () => {
    useAppStore.getState().login(makeJwt(NOW / 1000 + 3600), makeUser());
    const refreshed = makeUser({ is_premium: true, has_profile_completed: true });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, refreshed)));

    await useAppStore.getState().refreshUser();

    expect(useAppStore.getState().user).toEqual(refreshed);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(refreshed);
  });

  it("refreshUser failing toasts 'Failed to refresh user data.' and logs out", async () => {
    const error = vi.spyOn(toast, 'error');
    useAppStore.getState().login(makeJwt(NOW / 1000 + 3600), makeUser());
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { detail: 'boom' })));

    await useAppStore.getState().refreshUser();

    expect(error).toHaveBeenCalledWith('Failed to refresh user data.', expect.anything());
    expect(useAppStore.getState().token).toBeNull();
  });

  it('restores a stored session at startup and logs it out at exp', async () => {
    localStorage.setItem('token', makeJwt(NOW / 1000 + 30));
    localStorage.setItem('user', JSON.stringify(makeUser({ id: 'u-7' })));
    localStorage.setItem('hasCompletedTour-u-7', 'true');
    vi.resetModules();
    const { useAppStore: restored } = await import('@/stores/app-store');
    const { registerNavigator: registerFresh } = await import('@/lib/navigation');
    registerFresh(navigate);

    expect(restored.getState().user?.id).toBe('u-7');
    expect(restored.getState().hasCompletedTour).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(restored.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('drops a stored session whose token has already expired', async () => {
    localStorage.setItem('token', makeJwt(NOW / 1000 - 1));
    localStorage.setItem('user', JSON.stringify(makeUser()));
    vi.resetModules();
    const { useAppStore: restored } = await import('@/stores/app-store');

    expect(restored.getState().token).toBeNull();
    expect(restored.getState().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a stored session found expired at startup leaves the login page a session-expired notice', async () => {
    localStorage.setItem('token', makeJwt(NOW / 1000 - 1));
    localStorage.setItem('user', JSON.stringify(makeUser()));
    vi.resetModules();
    const { useAppStore: restored } = await import('@/stores/app-store');

    expect(restored.getState().sessionExpired).toBe(true);
    restored.getState().login(makeJwt(NOW / 1000 + 3600), makeUser());
    expect(restored.getState().sessionExpired).toBe(false);
  });

  it('the expiry timer marks the session expired; a logout by the user does not', () => {
    useAppStore.getState().login(makeJwt(NOW / 1000 + 60), makeUser());
    expect(useAppStore.getState().sessionExpired).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(useAppStore.getState().sessionExpired).toBe(true);

    useAppStore.getState().login(makeJwt(NOW / 1000 + 3600), makeUser());
    useAppStore.getState().logout();
    expect(useAppStore.getState().sessionExpired).toBe(false);
  });

  it('a login on a new device skips a tour the account has completed', () => {
    useAppStore.getState().login(makeJwt(NOW / 1000 + 3600), makeUser({ id: 'u-9', has_completed_tour: true }));

    expect(useAppStore.getState().hasCompletedTour).toBe(true);
    expect(localStorage.getItem('hasCompletedTour-u-9')).toBe('true');
  });

  it('a login starts the tour when neither the account nor this browser has completed it', () => {
    useAppStore.getState().login(makeJwt(NOW / 1000 + 3600), makeUser({ id: 'u-9', has_completed_tour: false }));
    expect(useAppStore.getState().hasCompletedTour).toBe(false);
  });

  it('completing the tour records it on the account (POST /auth/tour-completed) and takes the answered user', async () => {
    useAppStore.getState().login(makeJwt(NOW / 1000 + 3600), makeUser({ has_completed_tour: false }));
    const fetchMock = vi.fn(async () => jsonResponse(200, makeUser({ has_completed_tour: true })));
    vi.stubGlobal('fetch', fetchMock);

    useAppStore.getState().setTourCompleted(true);

    expect(useAppStore.getState().hasCompletedTour).toBe(true);
    expect(localStorage.getItem('hasCompletedTour-user-1')).toBe('true');
    await vi.waitFor(() => expect(useAppStore.getState().user?.has_completed_tour).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/auth\/tour-completed$/);
    expect(init.method).toBe('POST');
  });

  it('Help/Tour resets it on the account (DELETE /auth/tour-completed)', async () => {
    useAppStore.getState().login(makeJwt(NOW / 1000 + 3600), makeUser({ has_completed_tour: true }));
    const fetchMock = vi.fn(async () => jsonResponse(200, makeUser({ has_completed_tour: false })));
    vi.stubGlobal('fetch', fetchMock);

    useAppStore.getState().setTourCompleted(false);

    expect(useAppStore.getState().hasCompletedTour).toBe(false);
    await vi.waitFor(() => expect(useAppStore.getState().user?.has_completed_tour).toBe(false));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/auth\/tour-completed$/);
    expect(init.method).toBe('DELETE');
  });

  it('keeps the tour completed in this browser when the account cannot be reached', async () => {
    useAppStore.getState().login(makeJwt(NOW / 1000 + 3600), makeUser({ has_completed_tour: false }));
    const fetchMock = vi.fn(async () => jsonResponse(500, { detail: 'down' }));
    vi.stubGlobal('fetch', fetchMock);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    useAppStore.getState().setTourCompleted(true);

    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(useAppStore.getState().hasCompletedTour).toBe(true);
    expect(useAppStore.getState().token).not.toBeNull();
    expect(localStorage.getItem('hasCompletedTour-user-1')).toBe('true');
  });
});

import { toast as toastify } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh copy of lib/toast each time: the test setup has already loaded the shared one.
const freshToast = async () => {
  vi.resetModules();
  return import('./toast');
};

describe('lib/toast', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a toast asked for before react-toastify has loaded once it has, in order, with its options', async () => {
    const error = vi.spyOn(toastify, 'error');
    const success = vi.spyOn(toastify, 'success');
    const { toast, loadedToasts, loadToasts } = await freshToast();

    toast.error('First', { toastId: 'first' });
    toast.success('Second');
    expect(loadedToasts()).toBeNull();

    await loadToasts();
    expect(error).toHaveBeenCalledWith('First', { toastId: 'first' });
    expect(success).toHaveBeenCalledWith('Second');
    expect(error.mock.invocationCallOrder[0]).toBeLessThan(success.mock.invocationCallOrder[0]!);
  });

  it('shows at once when react-toastify is there, and tells listeners when it arrives', async () => {
    const warning = vi.spyOn(toastify, 'warning');
    const { toast, loadToasts, onToastsLoaded } = await freshToast();
    const listener = vi.fn();
    onToastsLoaded(listener);

    await loadToasts();
    expect(listener).toHaveBeenCalledTimes(1);
    toast.warning('Now');
    expect(warning).toHaveBeenCalledWith('Now');
  });

  it('drops error toasts for a moment after the session ended (calls failing with it), shows them again after a login', async () => {
    const error = vi.spyOn(toastify, 'error');
    const warning = vi.spyOn(toastify, 'warning');
    const { toast, loadToasts, markSessionEnded, clearSessionEnded, SESSION_END_QUIET_MS } = await freshToast();
    await loadToasts();
    markSessionEnded();
    toast.warning('Session expired. Please log in again.');
    toast.error('Failed to fetch remaining shuffles.');
    expect(warning).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    clearSessionEnded();
    toast.error('Login failed.');
    expect(error).toHaveBeenCalledWith('Login failed.');
    markSessionEnded(Date.now() - SESSION_END_QUIET_MS - 1);
    toast.error('Later failure');
    expect(error).toHaveBeenCalledWith('Later failure');
  });
});

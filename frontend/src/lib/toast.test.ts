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
});

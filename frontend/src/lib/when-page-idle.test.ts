import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPageIdle } from './when-page-idle';

describe('whenPageIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the load event, then for an idle moment', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle = callback;
      return 1;
    });
    const task = vi.fn();

    whenPageIdle(task);
    expect(idle).toBeUndefined();
    window.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    idle!();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs soon on a page already loaded, and never once cancelled', async () => {
    const task = vi.fn();
    const cancelled = vi.fn();
    whenPageIdle(task);
    whenPageIdle(cancelled)();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    expect(cancelled).not.toHaveBeenCalled();
  });
});

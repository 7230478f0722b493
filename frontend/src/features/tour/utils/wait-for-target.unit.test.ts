import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TARGET_WAIT_MS, waitForTarget } from './wait-for-target';

/** Whether the promise has settled after the pending microtasks ran. */
async function isSettled(promise: Promise<void>) {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('waitForTarget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('resolves at once when the target is on the page, even hidden', async () => {
    document.body.innerHTML = '<button data-tour="view-queue" style="display: none">Queue</button>';
    expect(await isSettled(waitForTarget('[data-tour="view-queue"]'))).toBe(true);
  });

  it('resolves when the target appears', async () => {
    const waiting = waitForTarget('[data-tour="shuffle-button"]');
    expect(await isSettled(waiting)).toBe(false);

    document.body.innerHTML = '<button data-tour="shuffle-button">Shuffle</button>';
    await vi.advanceTimersByTimeAsync(100);

    expect(await isSettled(waiting)).toBe(true);
  });

  it('gives up after the wait, without rejecting, when the target never appears', async () => {
    const waiting = waitForTarget('[data-tour="manage-button"]');

    await vi.advanceTimersByTimeAsync(TARGET_WAIT_MS - 100);
    expect(await isSettled(waiting)).toBe(false);

    await vi.advanceTimersByTimeAsync(100);
    await expect(waiting).resolves.toBeUndefined();
  });
});

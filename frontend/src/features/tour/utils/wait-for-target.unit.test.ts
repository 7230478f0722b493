import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_EVENT } from '@/lib/reveal';
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

  it('resolves at once when the target is on the page and shown', async () => {
    document.body.innerHTML = '<button data-tour="view-queue">Queue</button>';
    expect(await isSettled(waitForTarget('[data-tour="view-queue"]'))).toBe(true);
  });

  it('resolves at once for a hidden target nothing reveals (the tour moves past it)', async () => {
    document.body.innerHTML = '<div style="display: none"><button data-tour="view-queue">Queue</button></div>';
    expect(await isSettled(waitForTarget('[data-tour="view-queue"]'))).toBe(true);
  });

  it('asks the layout to reveal a hidden target and waits until it shows (the phone workspace)', async () => {
    document.body.innerHTML = '<section id="step" style="display: none"><button data-tour="manage-button">Manage</button></section>';
    const step = document.getElementById('step')!;
    const onReveal = vi.fn((event: Event) => event.preventDefault());
    step.addEventListener(REVEAL_EVENT, onReveal);
    const waiting = waitForTarget('[data-tour="manage-button"]');
    expect(onReveal).toHaveBeenCalledTimes(1);
    expect(await isSettled(waiting)).toBe(false);
    // The layout shows the step on its next render.
    step.style.display = 'flex';
    await vi.advanceTimersByTimeAsync(100);
    expect(await isSettled(waiting)).toBe(true);
    expect(onReveal).toHaveBeenCalledTimes(1);
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

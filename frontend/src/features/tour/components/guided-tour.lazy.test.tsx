import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { renderTour, signIn } from '../testing/render-tour';

// Counts loads of the real react-joyride (this file has its own module registry).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('react-joyride', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

describe('GuidedTour loading', () => {
  it('downloads react-joyride only when the tour is about to run', async () => {
    signIn({ tourCompleted: true });
    renderTour();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(loads.count).toBe(0);

    act(() => useAppStore.getState().setTourCompleted(false));

    expect(await screen.findByRole('alertdialog', { name: 'Welcome to Crossfeed' }, { timeout: 4000 })).toBeInTheDocument();
    expect(loads.count).toBe(1);
  });
});

import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToasts, PHONE_QUERY } from './app-toasts';

/** jsdom has no matchMedia: a phone (or not) as the browser would answer. */
function screenIs(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY && phone,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

async function containerOf(text: string) {
  act(() => {
    toast.success(text);
  });
  return (await screen.findByText(text)).closest('.Toastify__toast-container');
}

describe('AppToasts', () => {
  afterEach(() => {
    act(() => toast.dismiss());
    vi.unstubAllGlobals();
  });

  it('shows toasts top-right on a wide screen (SPEC §9), in the container styles.css moves under the navbar', async () => {
    screenIs(false);
    render(<AppToasts />);
    const container = await containerOf('Saved on a wide screen');
    expect(container).toHaveClass('app-toasts', 'Toastify__toast-container--top-right');
  });

  it('shows them at the bottom on a phone, away from the navbar and the top of the page', async () => {
    screenIs(true);
    render(<AppToasts />);
    const container = await containerOf('Saved on a phone');
    expect(container).toHaveClass('app-toasts', 'Toastify__toast-container--bottom-center');
  });
});

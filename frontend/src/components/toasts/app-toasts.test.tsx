import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToasts, PHONE_QUERY } from './app-toasts';
import { TOAST_ROOM_BOTTOM, TOAST_ROOM_GAP } from './toast-room';

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

  it('keeps an open dialog clear of the toasts: the backdrop gets their room (styles.css pads it)', async () => {
    screenIs(true);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const [left, top, width, height] = this.getAttribute('role') === 'dialog' ? [12, 16, 366, 812] : this.classList.contains('Toastify__toast-container') ? [0, 772, 390, 64] : [0, 0, 0, 0];
      return { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) } as DOMRect;
    });
    render(<AppToasts />);
    await containerOf('Failed to share content.');
    const backdrop = document.createElement('div');
    backdrop.className = 'modal-backdrop';
    backdrop.innerHTML = '<div role="dialog" aria-modal="true"></div>';
    act(() => document.body.append(backdrop));

    await waitFor(() => expect(document.documentElement.style.getPropertyValue(TOAST_ROOM_BOTTOM)).toBe(`${844 - 772 + TOAST_ROOM_GAP}px`));
    backdrop.remove();
    await waitFor(() => expect(document.documentElement.style.getPropertyValue(TOAST_ROOM_BOTTOM)).toBe(''));
    rect.mockRestore();
  });
});

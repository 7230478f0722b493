import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepDialogsClearOfToasts, TOAST_ROOM_BOTTOM, TOAST_ROOM_GAP, TOAST_ROOM_TOP, toastRoom } from './toast-room';

const box = (left: number, top: number, width: number, height: number) => ({ left, top, right: left + width, bottom: top + height, height });

describe('toastRoom', () => {
  // A phone: 390×844, the share dialog across it; toasts at the foot, full width.
  const phoneDialog = box(12, 16, 366, 812);

  it('keeps the room of toasts at the foot clear when they overlap the dialog side to side (a phone)', () => {
    expect(toastRoom(phoneDialog, [{ box: box(0, 772, 390, 64), atTop: false }], 844)).toEqual({ top: 0, bottom: 844 - 772 + TOAST_ROOM_GAP });
  });

  it('keeps the room of toasts at the top clear when they overlap the dialog (a narrow desktop)', () => {
    expect(toastRoom(box(288, 16, 448, 600), [{ box: box(688, 76, 320, 64), atTop: true }], 768)).toEqual({ top: 140 + TOAST_ROOM_GAP, bottom: 0 });
  });

  it('needs no room for toasts beside the dialog (1366 px: top-right, clear of a centred dialog)', () => {
    expect(toastRoom(box(459, 16, 448, 600), [{ box: box(1030, 76, 320, 64), atTop: true }], 768)).toEqual({ top: 0, bottom: 0 });
  });

  it('needs none without a dialog or without toasts', () => {
    expect(toastRoom(null, [{ box: box(0, 772, 390, 64), atTop: false }], 844)).toEqual({ top: 0, bottom: 0 });
    expect(toastRoom(phoneDialog, [{ box: box(0, 836, 390, 0), atTop: false }], 844)).toEqual({ top: 0, bottom: 0 });
  });

  it('makes room for the tallest stack', () => {
    const stacks = [
      { box: box(0, 772, 390, 64), atTop: false },
      { box: box(0, 640, 390, 196), atTop: false },
    ];
    expect(toastRoom(phoneDialog, stacks, 844).bottom).toBe(844 - 640 + TOAST_ROOM_GAP);
  });
});

describe('keepDialogsClearOfToasts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  /** jsdom lays nothing out: the boxes a 390×844 phone gives the dialog and the toasts. */
  function layOut() {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const rect = (left: number, top: number, width: number, height: number) =>
        ({ ...box(left, top, width, height), x: left, y: top, width, toJSON: () => ({}) }) as DOMRect;
      if (this.getAttribute('role') === 'dialog') return rect(12, 16, 366, 812);
      if (this.classList.contains('Toastify__toast-container')) return rect(0, 772, 390, 64);
      return rect(0, 0, 0, 0);
    });
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
  }
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  const room = () => [TOAST_ROOM_TOP, TOAST_ROOM_BOTTOM].map((name) => document.documentElement.style.getPropertyValue(name));

  it('sets the room while a dialog is open beside a toast, and clears it when either goes', async () => {
    layOut();
    const root = document.createElement('div');
    document.body.append(root);
    const stop = keepDialogsClearOfToasts(root);

    root.innerHTML = '<div class="Toastify__toast-container Toastify__toast-container--bottom-center"><div class="Toastify__toast">Saved</div></div>';
    await frame();
    await frame();
    expect(room()).toEqual(['', '']);

    const backdrop = document.createElement('div');
    backdrop.className = 'modal-backdrop';
    backdrop.innerHTML = '<div role="dialog" aria-modal="true"><button>Share</button></div>';
    document.body.append(backdrop);
    await frame();
    await frame();
    expect(room()).toEqual(['', `${844 - 772 + TOAST_ROOM_GAP}px`]);

    root.innerHTML = '';
    await frame();
    await frame();
    expect(room()).toEqual(['', '']);

    stop();
  });

  it('clears the room when it stops', async () => {
    layOut();
    const root = document.createElement('div');
    root.innerHTML = '<div class="Toastify__toast-container Toastify__toast-container--bottom-center"></div>';
    document.body.append(root);
    document.body.insertAdjacentHTML('beforeend', '<div class="modal-backdrop"><div role="dialog"></div></div>');
    const stop = keepDialogsClearOfToasts(root);
    await frame();
    expect(room()[1]).not.toBe('');
    stop();
    expect(room()).toEqual(['', '']);
  });
});

/**
 * Toasts never cover the open dialog's controls: the room the toasts take at the top or the foot of the screen,
 * where they overlap the topmost dialog side to side, is kept clear by the dialog's backdrop (styles.css pads
 * `.modal-backdrop` by these CSS variables, so the dialog shrinks and scrolls its body instead).
 */
export const TOAST_ROOM_TOP = '--toast-room-top';
export const TOAST_ROOM_BOTTOM = '--toast-room-bottom';

/** Between the toasts and the dialog. */
export const TOAST_ROOM_GAP = 8;

type Box = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right' | 'height'>;
export type ToastStack = { box: Box; atTop: boolean };

/**
 * The room, in px from the top and from the foot of the screen, that the toast stacks take where they are
 * beside the dialog (0: none, or no dialog).
 */
export function toastRoom(dialog: Box | null, stacks: readonly ToastStack[], viewportHeight: number): { top: number; bottom: number } {
  const room = { top: 0, bottom: 0 };
  if (!dialog) return room;
  for (const { box, atTop } of stacks) {
    if (box.height <= 0 || box.right <= dialog.left || box.left >= dialog.right) continue;
    if (atTop) room.top = Math.max(room.top, Math.ceil(box.bottom) + TOAST_ROOM_GAP);
    else room.bottom = Math.max(room.bottom, Math.ceil(viewportHeight - box.top) + TOAST_ROOM_GAP);
  }
  return room;
}

/** The topmost open dialog (modals are added at the end of <body>). */
function topDialog(): Element | null {
  const dialogs = document.querySelectorAll('.modal-backdrop > [role="dialog"]');
  return dialogs[dialogs.length - 1] ?? null;
}

/**
 * Keeps the CSS variables up to date while toasts come and go and dialogs open and close; returns the stop.
 * `root` holds the toast container (react-toastify renders one element per position while it shows toasts).
 */
export function keepDialogsClearOfToasts(root: HTMLElement): () => void {
  const style = document.documentElement.style;
  const observed = new Set<Element>();
  let frame = 0;
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => schedule()) : null;

  const update = () => {
    frame = 0;
    const containers = [...root.querySelectorAll('.Toastify__toast-container')];
    // A toast growing or collapsing (its exit) changes the room; elements already watched are not re-added,
    // which would call back at once, every frame.
    for (const element of observed) {
      if (!containers.includes(element)) {
        resize?.unobserve(element);
        observed.delete(element);
      }
    }
    for (const element of containers) {
      if (observed.has(element)) continue;
      resize?.observe(element);
      observed.add(element);
    }
    const dialog = topDialog();
    const room = toastRoom(
      dialog ? dialog.getBoundingClientRect() : null,
      containers.map((element) => ({ box: element.getBoundingClientRect(), atTop: element.className.includes('--top-') })),
      window.innerHeight,
    );
    for (const [name, px] of [
      [TOAST_ROOM_TOP, room.top],
      [TOAST_ROOM_BOTTOM, room.bottom],
    ] as const) {
      if (px > 0) style.setProperty(name, `${px}px`);
      else style.removeProperty(name);
    }
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(update);
  };

  // Dialogs open at the end of <body>; toasts come and go inside `root`.
  const mutations = new MutationObserver(schedule);
  mutations.observe(document.body, { childList: true });
  mutations.observe(root, { childList: true, subtree: true });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    cancelAnimationFrame(frame);
    mutations.disconnect();
    resize?.disconnect();
    window.removeEventListener('resize', schedule);
    style.removeProperty(TOAST_ROOM_TOP);
    style.removeProperty(TOAST_ROOM_BOTTOM);
  };
}

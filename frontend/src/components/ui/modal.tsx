import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

type ModalProps = {
  open: boolean;
  /** Escape, the close button and a click on the backdrop all call this. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  /** The element to focus first; else the first focusable one inside, else the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
};

/** Open dialogs, the topmost last: Escape and the focus guard act on the topmost one only. */
const openDialogs: HTMLElement[] = [];

/**
 * An accessible modal dialog: labelled by its title, focus kept inside while open, Escape closes it, and
 * focus goes back to whatever opened it. When the focused control goes away (a "Mark as read" that removes
 * itself, a form replaced by its answer) focus returns to the dialog instead of falling to the page, and
 * Escape closes the topmost dialog wherever the focus is.
 */
export function Modal({ open, onClose, title, children, footer, initialFocusRef, className }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = initialFocusRef?.current ?? dialog?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog;
    first?.focus();
    if (!dialog) return undefined;
    openDialogs.push(dialog);
    const isTop = () => openDialogs[openDialogs.length - 1] === dialog;
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      // Keys inside the dialog are handled by its own handler; this catches focus that fell to the page.
      if (event.key !== 'Escape' || !isTop() || dialog.contains(event.target as Node)) return;
      event.stopPropagation();
      onCloseRef.current();
    };
    let refocus: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = () => {
      clearTimeout(refocus);
      // After the DOM settles: focus on nothing (the page body) while this dialog is on top goes back into it.
      refocus = setTimeout(() => {
        const active = document.activeElement;
        if (isTop() && dialog.isConnected && (active === null || active === document.body)) dialog.focus();
      }, 0);
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    dialog.addEventListener('focusout', onFocusOut);
    // A browser may drop the focus of a removed element without a focusout: any change inside checks too.
    const observer = new MutationObserver(onFocusOut);
    observer.observe(dialog, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      clearTimeout(refocus);
      document.removeEventListener('keydown', onDocumentKeyDown);
      dialog.removeEventListener('focusout', onFocusOut);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      // Back to the opener, if it is still on the page (a logout may have removed it).
      if (opener?.isConnected) opener.focus();
    };
    // initialFocusRef is a ref, read once at opening.
  }, [open]);

  if (!open) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer ? <div className="modal-footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

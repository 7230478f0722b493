import { useRef } from 'react';
import { FormMessage } from './form-message';
import { Modal } from './modal';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  /** The confirm button's text. */
  confirmLabel: string;
  /** A destructive action gets the danger button; else the primary one. */
  danger?: boolean;
  /** While the action runs: both buttons are disabled and closing is ignored. */
  busy?: boolean;
  /** The confirm button's text while busy (e.g. 'Deleting...'); else it keeps `confirmLabel`. */
  busyLabel?: string;
  /** A failure to show under the message. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A confirmation before an action (SPEC §2 Confirm Deletion, §4/§5 Admin): Cancel, Escape, the close
 * button and the backdrop all cancel, except while busy. Cancel has the first focus, so Enter alone never
 * confirms by accident.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  busyLabel,
  error = null,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      open={open}
      onClose={cancel}
      title={title}
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className="button button-ghost" onClick={cancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={danger ? 'button button-danger' : 'button button-primary'}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <div className="confirm-body">
        <p className="confirm-message">{message}</p>
        <FormMessage tone="error">{error}</FormMessage>
      </div>
    </Modal>
  );
}

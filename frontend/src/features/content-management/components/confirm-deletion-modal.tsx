import { useRef } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import '../content-management.css';

type ConfirmDeletionModalProps = {
  open: boolean;
  /** Default 'Confirm Deletion' (SPEC §2 Modals). */
  title?: string;
  message: string;
  /** The confirm button's text; default 'Delete'. */
  confirmLabel?: string;
  /** While the deletion runs: the buttons are disabled and the confirm button reads 'Deleting...'. */
  busy?: boolean;
  /** A failure to show under the message. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * SPEC §2 Confirm Deletion: a generic confirmation (title, message, a danger confirm button and Cancel).
 * Cancel has the first focus, so Enter alone never deletes. Closing is ignored while busy.
 */
export function ConfirmDeletionModal({
  open,
  title = 'Confirm Deletion',
  message,
  confirmLabel = 'Delete',
  busy = false,
  error = null,
  onConfirm,
  onCancel,
}: ConfirmDeletionModalProps) {
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
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Deleting...' : confirmLabel}
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

import { useRef } from 'react';
import { Modal } from '@/components/ui/modal';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** A destructive action gets the danger button. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * SPEC §4/§5 Admin: every moderation change and deletion waits for this confirmation. Cancel, Escape and
 * the backdrop all cancel; focus starts on Cancel so Enter never confirms by accident.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={danger ? 'button button-danger' : 'button button-primary'} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="confirm-message">{message}</p>
    </Modal>
  );
}

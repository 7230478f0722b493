import { useEffect, useId, useRef, useState } from 'react';
import { FLAG_REASON_MAX as MODERATION_REASON_MAX } from '@crossfeed/domain/rules/limits.ts';
import { Modal } from '@/components/ui/modal';
import { ADMIN_REPORT_MESSAGES } from '../messages';

type RemovalConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The SPEC confirmation text. */
  message: string;
  confirmLabel: string;
  danger?: boolean;
  /** With the trimmed reason, or null when the admin gave none (the owner is then told the flags' reasons). */
  onConfirm: (reason: string | null) => void;
  onCancel: () => void;
};

/**
 * The confirmation before a removal (delete content, or the `deleted` status), with an optional reason the
 * owner's notification carries. Cancel has the first focus, as in every confirmation.
 */
export function RemovalConfirmDialog({ open, title, message, confirmLabel, danger = false, onConfirm, onCancel }: RemovalConfirmDialogProps) {
  const reasonId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
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
          <button type="button" className={danger ? 'button button-danger' : 'button button-primary'} onClick={() => onConfirm(reason.trim() || null)}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="confirm-body">
        <p className="confirm-message">{message}</p>
        <div className="form-field">
          <label htmlFor={reasonId}>{ADMIN_REPORT_MESSAGES.removalReasonLabel}</label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={MODERATION_REASON_MAX}
            value={reason}
            placeholder={ADMIN_REPORT_MESSAGES.removalReasonPlaceholder}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      </div>
    </Modal>
  );
}

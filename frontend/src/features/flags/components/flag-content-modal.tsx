import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { FLAG_REASON_MAX } from '@crossfeed/domain/rules/limits.ts';
import { flagContent } from '../api/flag-content';
import '../flags.css';
import { FLAG_FAILED, FLAG_SUCCESS } from '../messages';

type FlagContentModalProps = {
  open: boolean;
  /** The content to report; without one, Flag does nothing. */
  contentId: string | null;
  onClose: () => void;
};

/**
 * SPEC §2 Flag content: a required reason, Flag and Cancel. A blank or whitespace-only reason is not sent
 * (SPEC §5 Flag); the text clears whenever the modal closes.
 */
export function FlagContentModal({ open, contentId, onClose }: FlagContentModalProps) {
  const formId = useId();
  const reasonId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Closing by any path (Cancel, Escape, backdrop, success, or the parent) starts the next opening blank.
  useEffect(() => {
    if (!open) {
      setReason('');
      setError(null);
      setSubmitting(false);
    }
  }, [open]);

  const trimmed = reason.trim();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || !contentId || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await flagContent(contentId, trimmed);
      toast.success(FLAG_SUCCESS, { toastId: `flag-success-${contentId}` });
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, FLAG_FAILED));
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Flag content"
      initialFocusRef={reasonRef}
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-danger" disabled={!trimmed || !contentId || submitting}>
            {submitting ? 'Flagging...' : 'Flag'}
          </button>
        </>
      }
    >
      <form id={formId} className="flag-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="form-field">
          <label htmlFor={reasonId}>Why are you flagging this content?</label>
          <textarea
            ref={reasonRef}
            id={reasonId}
            required
            rows={4}
            maxLength={FLAG_REASON_MAX}
            placeholder="Describe the issue…"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <FormMessage tone="error">{error}</FormMessage>
      </form>
    </Modal>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { passwordStrength } from '@crossfeed/domain/rules/validation.ts';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { updatePassword } from '../api/update-password';
import { PASSWORD_RULE_HINT, PASSWORD_UPDATE_FAILED, PASSWORD_UPDATE_UNEXPECTED, PASSWORD_UPDATED } from '../messages';
import { validatePasswordChange } from '../utils/password-change';
import '../account.css';

type ChangePasswordModalProps = { open: boolean; onClose: () => void };

/**
 * SPEC §2 Change Password: current, new and confirm fields. Success toasts the server's message and
 * closes; a failure stays open with the server's detail, 'Failed to update password.' or, without an
 * answer, the unexpected-error text (SPEC §8 Password update).
 */
export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const formId = useId();
  const currentId = useId();
  const nextId = useId();
  const confirmId = useId();
  const strengthId = useId();
  const currentRef = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Passwords never outlive the dialog: every opening starts blank.
  useEffect(() => {
    if (open) return;
    setCurrent('');
    setNext('');
    setConfirmation('');
    setError(null);
    setBusy(false);
  }, [open]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validatePasswordChange(current, next, confirmation);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const answer = await updatePassword({ current_password: current, new_password: next });
      // The change ended every earlier session, this one's too: carry on with the token the server issued.
      const { user, login } = useAppStore.getState();
      if (answer?.access_token && user) login(answer.access_token, user);
      toast.success(answer?.message || PASSWORD_UPDATED, { toastId: 'password-updated' });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, PASSWORD_UPDATE_FAILED, PASSWORD_UPDATE_UNEXPECTED));
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Change Password"
      initialFocusRef={currentRef}
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? 'Updating...' : 'Update Password'}
          </button>
        </>
      }
    >
      <form id={formId} className="account-form" aria-label="Change password" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="form-field">
          <label htmlFor={currentId}>Current password</label>
          <input
            ref={currentRef}
            id={currentId}
            type="password"
            name="current_password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={nextId}>New password</label>
          <input
            id={nextId}
            type="password"
            name="new_password"
            autoComplete="new-password"
            required
            aria-describedby={strengthId}
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
          <span id={strengthId} className="account-hint" aria-live="polite">
            {next
              ? `Password strength: ${passwordStrength(next)}`
              : PASSWORD_RULE_HINT}
          </span>
        </div>
        <div className="form-field">
          <label htmlFor={confirmId}>Confirm new password</label>
          <input
            id={confirmId}
            type="password"
            name="confirm_password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
        <FormMessage tone="error">{error}</FormMessage>
      </form>
    </Modal>
  );
}

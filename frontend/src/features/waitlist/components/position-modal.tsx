import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { WAITLIST_EMAIL_MAX } from '@crossfeed/domain/rules/limits.ts';
import { isValidEmail } from '@crossfeed/domain/rules/validation.ts';
import { FormMessage } from '@/components/ui/form-message';
import { IconMail } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { getWaitlistStatus, type WaitlistPosition } from '../api/get-waitlist-status';
import { CHECKING_POSITION, INVALID_EMAIL, STATUS_FETCH_FAILED } from '../messages';
import { waitlistErrorMessage } from '../utils/error-messages';
import '../waitlist.css';

type PositionModalProps = {
  open: boolean;
  onClose: () => void;
  /** Pre-filled (e.g. the email just used to join); looked up only when the visitor asks (it sends an e-mail). */
  initialEmail?: string;
  /** Each successful lookup's email, so the page offers it again. */
  onFound?: (email: string) => void;
};

type Lookup =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; answer: WaitlistPosition };

const isLookupEmail = (email: string) => isValidEmail(email) && email.length <= WAITLIST_EMAIL_MAX;

/**
 * SPEC §2 Waitlist modal "own position": GET /api/waitlist/status?email=. Anyone can type any address, so it
 * shows the position and the server's message only (a link to the entry went to that address); the referral
 * link, referrals and confirmation are the own entry's (read by its token), never a lookup's.
 */
export function PositionModal({ open, onClose, initialEmail = '', onFound }: PositionModalProps) {
  const emailId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [formError, setFormError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const requestRef = useRef<AbortController | null>(null);
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;
  const initialEmailRef = useRef(initialEmail);
  initialEmailRef.current = initialEmail;

  const check = useCallback(async (value: string) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    setLookup({ status: 'loading' });
    try {
      const answer = await getWaitlistStatus(value, controller.signal);
      if (controller.signal.aborted) return;
      setLookup({ status: 'ready', answer });
      onFoundRef.current?.(value);
    } catch (error) {
      if (controller.signal.aborted) return;
      setLookup({ status: 'error', message: waitlistErrorMessage(error, STATUS_FETCH_FAILED) });
    }
  }, []);

  // Each opening starts from the given email; the lookup waits for the visitor (each one may e-mail a link).
  useEffect(() => {
    if (!open) return;
    setEmail(initialEmailRef.current.trim());
    setFormError(null);
    setLookup({ status: 'idle' });
    return () => {
      requestRef.current?.abort();
      requestRef.current = null;
    };
  }, [open]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!isLookupEmail(value)) {
      setFormError(INVALID_EMAIL);
      setLookup({ status: 'idle' });
      return;
    }
    setFormError(null);
    void check(value);
  };

  const busy = lookup.status === 'loading';

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Your waitlist position"
      className="modal-wide"
      footer={
        <button type="button" className="button button-ghost" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="waitlist-modal-stack">
        <form className="position-form" aria-label="Check your position" noValidate onSubmit={handleSubmit}>
          <div className="form-field">
            <label htmlFor={emailId}>Email</label>
            <div className="position-form-row">
              <input
                id={emailId}
                type="email"
                autoComplete="email"
                maxLength={WAITLIST_EMAIL_MAX}
                value={email}
                placeholder="you@example.com"
                onChange={(event) => setEmail(event.target.value)}
              />
              <button type="submit" className="button button-primary" disabled={busy}>
                Check position
              </button>
            </div>
          </div>
          <FormMessage tone="error">{formError}</FormMessage>
        </form>

        {lookup.status === 'loading' ? <p role="status">{CHECKING_POSITION}</p> : null}
        {lookup.status === 'error' ? <FormMessage tone="error">{lookup.message}</FormMessage> : null}
        {lookup.status === 'ready' ? <PositionDetails answer={lookup.answer} /> : null}
      </div>
    </Modal>
  );
}

function PositionDetails({ answer }: { answer: WaitlistPosition }) {
  return (
    <section className="position-details" aria-label="Your spot">
      <dl className="waitlist-stats">
        <div className="waitlist-stat">
          <dt>Position</dt>
          <dd>#{answer.position.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      <p className="confirm-state confirm-state-pending">
        <IconMail size={18} />
        <span>{answer.message}</span>
      </p>
    </section>
  );
}

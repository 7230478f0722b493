import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { WAITLIST_EMAIL_MAX } from '@crossfeed/domain/rules/limits.ts';
import { isValidEmail } from '@crossfeed/domain/rules/validation.ts';
import { FormMessage } from '@/components/ui/form-message';
import { IconCheck, IconClock } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { referralLink } from '@/lib/referral-link';
import { getWaitlistStatus, type WaitlistStatus } from '../api/get-waitlist-status';
import { CHECKING_POSITION, INVALID_EMAIL, STATUS_FETCH_FAILED } from '../messages';
import { waitlistErrorMessage } from '../utils/error-messages';
import { ReferralLinkField } from './referral-link-field';
import { TierNote } from './tier-note';
import '../waitlist.css';

type PositionModalProps = {
  open: boolean;
  onClose: () => void;
  /** Pre-filled (e.g. the email just used to join); a valid one is looked up as the modal opens. */
  initialEmail?: string;
  /** Each successful lookup, so the page learns the visitor's referral code. */
  onFound?: (status: WaitlistStatus, email: string) => void;
};

type Lookup =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; entry: WaitlistStatus };

const isLookupEmail = (email: string) => isValidEmail(email) && email.length <= WAITLIST_EMAIL_MAX;

/** SPEC §2 Waitlist modal "own position": GET /api/waitlist/status?email= and the answer. */
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
      const entry = await getWaitlistStatus(value, controller.signal);
      if (controller.signal.aborted) return;
      setLookup({ status: 'ready', entry });
      onFoundRef.current?.(entry, value);
    } catch (error) {
      if (controller.signal.aborted) return;
      setLookup({ status: 'error', message: waitlistErrorMessage(error, STATUS_FETCH_FAILED) });
    }
  }, []);

  // Each opening starts from the given email, and looks it up at once when it is a valid one.
  useEffect(() => {
    if (!open) return;
    const start = initialEmailRef.current.trim();
    setEmail(start);
    setFormError(null);
    if (start && isLookupEmail(start)) void check(start);
    else setLookup({ status: 'idle' });
    return () => {
      requestRef.current?.abort();
      requestRef.current = null;
    };
  }, [open, check]);

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
        {lookup.status === 'ready' ? <PositionDetails entry={lookup.entry} /> : null}
      </div>
    </Modal>
  );
}

function PositionDetails({ entry }: { entry: WaitlistStatus }) {
  return (
    <section className="position-details" aria-label="Your spot">
      <dl className="waitlist-stats">
        <div className="waitlist-stat">
          <dt>Position</dt>
          <dd>#{entry.position.toLocaleString('en-US')}</dd>
        </div>
        {entry.rank !== null ? (
          <div className="waitlist-stat">
            <dt>Rank with referrals</dt>
            <dd>#{entry.rank.toLocaleString('en-US')}</dd>
          </div>
        ) : null}
        <div className="waitlist-stat">
          <dt>Referrals</dt>
          <dd>{entry.referrals.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      <TierNote position={entry.position} />
      {entry.confirmed ? (
        <p className="confirm-state confirm-state-done">
          <IconCheck size={18} />
          Email confirmed. Your spot is secured.
        </p>
      ) : (
        <p className="confirm-state confirm-state-pending">
          <IconClock size={18} />
          Email not confirmed yet. Use the link we emailed you to secure your spot.
        </p>
      )}
      <ReferralLinkField link={referralLink(entry.referral_code)} />
    </section>
  );
}

import { useId, useState, type FormEvent, type RefObject } from 'react';
import { WAITLIST_EMAIL_MAX, WAITLIST_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { FormMessage } from '@/components/ui/form-message';
import { joinWaitlist, type WaitlistSignupAnswer } from '../api/join-waitlist';
import { announceWaitlistSignup } from '../utils/announce-signup';
import { waitlistErrorMessage } from '../utils/error-messages';
import { validateWaitlistSignup } from '../utils/validate-waitlist-signup';
import { IconGift } from './icons';

type WaitlistSignupFormProps = {
  /** The `?ref=` code the visitor arrived with; sent as referred_by (null without one). */
  referralCode: string | null;
  /** After a successful signup and its toasts, with the answer and the email used. */
  onJoined: (entry: WaitlistSignupAnswer, email: string) => void;
  /** Lets the page move focus to the first field (e.g. from the story's call to action). */
  nameInputRef?: RefObject<HTMLInputElement | null>;
};

/**
 * SPEC §2/§5 Waitlist signup: name and email (the name is collected, not sent), validated before the
 * call; POST /api/waitlist/signup with referred_by; the success toasts of SPEC §8.
 */
export function WaitlistSignupForm({ referralCode, onJoined, nameInputRef }: WaitlistSignupFormProps) {
  const nameId = useId();
  const emailId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validateWaitlistSignup({ name, email });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy(true);
    const address = email.trim();
    try {
      const entry = await joinWaitlist({ email: address, referred_by: referralCode });
      announceWaitlistSignup();
      onJoined(entry, address);
    } catch (caught) {
      setError(waitlistErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="waitlist-form" aria-label="Join the waitlist" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <div className="form-field">
        <label htmlFor={nameId}>Name</label>
        <input
          ref={nameInputRef}
          id={nameId}
          type="text"
          autoComplete="name"
          maxLength={WAITLIST_NAME_MAX}
          value={name}
          placeholder="Your name"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={WAITLIST_EMAIL_MAX}
          value={email}
          placeholder="you@example.com"
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {referralCode ? (
        <p className="waitlist-referral-note">
          <IconGift size={18} />
          <span>
            You were invited with referral code <strong className="referral-code">{referralCode}</strong>.
          </span>
        </p>
      ) : null}
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" className="button button-primary waitlist-submit" disabled={busy}>
        {busy ? 'Joining...' : 'Join the Waitlist'}
      </button>
      <p className="waitlist-fineprint">We’ll email you a link to confirm your spot. No spam, ever.</p>
    </form>
  );
}

import { Link } from 'react-router-dom';
import { IconCheck, IconMail } from '@/components/ui/icons';
import { referralLink } from '@/lib/referral-link';
import type { WaitlistSignupAnswer } from '../api/join-waitlist';
import { isNewEntry } from '../utils/is-new-entry';
import { ReferralLinkField } from './referral-link-field';
import { TierNote } from './tier-note';

type SignupResultProps = {
  /** This browser's own entry (joined here or kept by its token), or the position-only answer of an address already on the list. */
  entry: WaitlistSignupAnswer;
  /** The email used to join; the confirmation link was sent there (unknown after a confirmation elsewhere). */
  email: string | null;
  /** The e-mail was confirmed: the spot is secured. */
  confirmed?: boolean;
  onCheckPosition: () => void;
  onStartOver: () => void;
};

/**
 * After joining (SPEC §4 Waitlist): the position, referrals, tier and the referral link. An address that was
 * already on the list shows its position and the server's message only: whoever typed it may not be its holder.
 */
export function SignupResult({ entry, email, confirmed = false, onCheckPosition, onStartOver }: SignupResultProps) {
  const actions = (
    <div className="signup-result-actions">
      <button type="button" className="button button-ghost" onClick={onCheckPosition}>
        Check my position
      </button>
      <button type="button" className="button button-ghost" onClick={onStartOver}>
        Use another email
      </button>
    </div>
  );
  if (!isNewEntry(entry)) {
    return (
      <section className="signup-result" aria-labelledby="signup-result-heading">
        <h2 id="signup-result-heading" className="signup-result-heading">
          Already on the list
        </h2>
        <dl className="waitlist-stats">
          <div className="waitlist-stat">
            <dt>Your position</dt>
            <dd>#{entry.position.toLocaleString('en-US')}</dd>
          </div>
        </dl>
        <p className="confirm-state confirm-state-pending">
          <IconMail size={18} />
          <span>{entry.message}</span>
        </p>
        {actions}
      </section>
    );
  }
  return (
    <section className="signup-result" aria-labelledby="signup-result-heading">
      <h2 id="signup-result-heading" className="signup-result-heading">
        You’re on the list
      </h2>
      <dl className="waitlist-stats">
        <div className="waitlist-stat">
          <dt>Your position</dt>
          <dd>#{entry.position.toLocaleString('en-US')}</dd>
        </div>
        <div className="waitlist-stat">
          <dt>Referrals</dt>
          <dd>{entry.referrals.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      <TierNote position={entry.position} />
      {confirmed ? (
        <p className="confirm-state confirm-state-done">
          <IconCheck size={18} />
          <span>
            Your email is confirmed: your spot is secured. Sign up with the same email to keep it.{' '}
            <Link to={email ? `/signup?email=${encodeURIComponent(email)}` : '/signup'}>Create your account</Link>
          </span>
        </p>
      ) : (
        <p className="confirm-state confirm-state-pending">
          <IconMail size={18} />
          <span>
            Confirm your email to secure your spot.
            {email ? (
              <>
                {' '}
                We sent the link to <strong>{email}</strong>.
              </>
            ) : null}
          </span>
        </p>
      )}
      <ReferralLinkField link={referralLink(entry.referral_code)} />
      {actions}
    </section>
  );
}

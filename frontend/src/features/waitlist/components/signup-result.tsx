import type { WaitlistSignup } from '../api/join-waitlist';
import { referralLink } from '../utils/referral-link';
import { tierSummary } from '../utils/tier';
import { IconMail, IconTrophy } from './icons';
import { ReferralLinkField } from './referral-link-field';

type SignupResultProps = {
  entry: WaitlistSignup;
  /** The email used to join; the confirmation link was sent there. */
  email: string;
  onCheckPosition: () => void;
  onStartOver: () => void;
};

/** After joining (SPEC §4 Waitlist): the position, referrals, tier and the referral link. */
export function SignupResult({ entry, email, onCheckPosition, onStartOver }: SignupResultProps) {
  const tier = tierSummary(entry.position);
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
      <div className={`tier-note tier-${tier.tier === 'lifetime' ? 'lifetime' : 'standard'}`}>
        <IconTrophy size={20} />
        <div>
          <p className="tier-note-title">{tier.title}</p>
          <p>{tier.detail}</p>
        </div>
      </div>
      <p className="confirm-state confirm-state-pending">
        <IconMail size={18} />
        <span>
          Confirm your email to secure your spot. We sent the link to <strong>{email}</strong>.
        </span>
      </p>
      <ReferralLinkField link={referralLink(entry.referral_code)} />
      <div className="signup-result-actions">
        <button type="button" className="button button-ghost" onClick={onCheckPosition}>
          Check my position
        </button>
        <button type="button" className="button button-ghost" onClick={onStartOver}>
          Use another email
        </button>
      </div>
    </section>
  );
}

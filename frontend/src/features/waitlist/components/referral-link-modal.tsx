import { Modal } from '@/components/ui/modal';
import { referralLink } from '@/lib/referral-link';
import { ReferralLinkField } from './referral-link-field';
import '../waitlist.css';

type ReferralLinkModalProps = {
  open: boolean;
  onClose: () => void;
  /** The visitor's code once known (after joining or a position lookup); null shows how to get one. */
  referralCode: string | null;
  /** Offered when the code is unknown: opens the position lookup, which finds it by email. */
  onFindPosition?: () => void;
};

/** SPEC §2 Referral Link modal: copy or share /waitlist?ref={referralCode}. */
export function ReferralLinkModal({ open, onClose, referralCode, onFindPosition }: ReferralLinkModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Referral link"
      footer={
        <>
          {!referralCode && onFindPosition ? (
            <button type="button" className="button button-primary" onClick={onFindPosition}>
              Look up my position
            </button>
          ) : null}
          <button type="button" className="button button-ghost" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {referralCode ? (
        <div className="waitlist-modal-stack">
          <p className="waitlist-modal-lead">
            Invite creators you admire. Each one who joins through your link counts as a referral and moves you up the list.
          </p>
          <ReferralLinkField link={referralLink(referralCode)} />
          <p className="waitlist-fineprint">
            Referral code <strong className="referral-code">{referralCode}</strong>
          </p>
        </div>
      ) : (
        <p className="modal-empty">Join the waitlist, or look up your position with your email, to get your personal referral link.</p>
      )}
    </Modal>
  );
}

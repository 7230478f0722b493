import { Modal } from '@/components/ui/modal';
import { referralLink } from '@/lib/referral-link';
import { REFERRAL_LINK_HOW_TO, REFERRAL_LINK_RESEND } from '../messages';
import { ReferralLinkField } from './referral-link-field';
import '../waitlist.css';

type ReferralLinkModalProps = {
  open: boolean;
  onClose: () => void;
  /**
   * The code of this browser's own entry (joined here, or opened from the link e-mailed to its address: the
   * entry's token), never one found by typing an address; null explains how to get it.
   */
  referralCode: string | null;
  /** Offered when the code is unknown: opens the position lookup, which e-mails the address a link to its entry. */
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
        <div className="waitlist-modal-stack">
          <p className="modal-empty">{REFERRAL_LINK_HOW_TO}</p>
          <p className="waitlist-fineprint">{REFERRAL_LINK_RESEND}</p>
        </div>
      )}
    </Modal>
  );
}

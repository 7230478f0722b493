import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Modal } from '@/components/ui/modal';
import { canShareNatively, copyText, isShareCancelled, referralLink } from '@/lib/referral-link';
import { useAppStore } from '@/stores/app-store';
import {
  NO_REFERRAL_CODE,
  REFERRAL_COPIED,
  REFERRAL_COPY_FAILED,
  REFERRAL_SHARE_FAILED,
  REFERRAL_SHARED,
} from '../messages';
import '../referrals.css';

type ReferralLinkModalProps = { open: boolean; onClose: () => void };

/** How long the Copy button reads 'Copied!' after a copy. */
const COPIED_CONFIRMATION_MS = 2000;

function CopyIcon() {
  return (
    <svg className="referral-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="9" y="9" width="11" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M5 15V6a2 2 0 0 1 2-2h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg className="referral-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M12 15V4m0 0L8 8m4-4 4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M5 12v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * SPEC §2 Referral Link: the user's link `${origin}/waitlist?ref={referral_code}`, with Copy (Clipboard API,
 * else select-and-copy) and Share (the system share sheet, offered only where the browser has one).
 */
export function ReferralLinkModal({ open, onClose }: ReferralLinkModalProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const referralCode = useAppStore((state) => state.user?.referral_code ?? null);
  const [copied, setCopied] = useState(false);
  const [sharing, setSharing] = useState(false);

  const link = referralCode ? referralLink(referralCode) : null;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  useEffect(() => {
    if (open) return;
    setCopied(false);
    setSharing(false);
  }, [open]);

  const copy = async () => {
    if (!link) return;
    if (await copyText(link, inputRef.current)) {
      setCopied(true);
      toast.success(REFERRAL_COPIED, { toastId: 'referral-copied' });
    } else {
      toast.error(REFERRAL_COPY_FAILED, { toastId: 'referral-copy-failed' });
    }
  };

  const share = async () => {
    if (!link || !canShareNatively() || sharing) return;
    setSharing(true);
    try {
      await navigator.share({ title: 'Join me on Crossfeed', text: 'Join the Crossfeed waitlist with my referral link.', url: link });
      toast.success(REFERRAL_SHARED, { toastId: 'referral-shared' });
    } catch (error) {
      if (!isShareCancelled(error)) toast.error(REFERRAL_SHARE_FAILED, { toastId: 'referral-share-failed' });
    } finally {
      setSharing(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Referral Link"
      initialFocusRef={inputRef}
      footer={
        link ? (
          <>
            {canShareNatively() ? (
              <button type="button" className="button button-ghost" onClick={() => void share()} disabled={sharing}>
                <ShareIcon />
                Share
              </button>
            ) : null}
            <button type="button" className="button button-primary" onClick={() => void copy()}>
              <CopyIcon />
              {copied ? 'Copied!' : 'Copy link'}
            </button>
          </>
        ) : undefined
      }
    >
      {link ? (
        <div className="referral-link">
          <p className="referral-intro">Invite other creators: everyone who joins the waitlist with your link counts as your referral.</p>
          <div className="form-field">
            <label htmlFor={inputId}>Your referral link</label>
            <input
              ref={inputRef}
              id={inputId}
              className="referral-link-input"
              type="text"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        </div>
      ) : (
        <p className="modal-empty">{NO_REFERRAL_CODE}</p>
      )}
    </Modal>
  );
}

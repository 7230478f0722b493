import { useId, useRef } from 'react';
import { canShareNatively } from '@/lib/referral-link';
import { useReferralActions } from '../hooks/use-referral-actions';
import { IconCopy, IconShare } from './icons';

type ReferralLinkFieldProps = {
  /** The full referral link. */
  link: string;
  /** The field's visible label. */
  label?: string;
};

/** A read-only referral link with Copy and, where the browser can, Share. */
export function ReferralLinkField({ link, label = 'Your referral link' }: ReferralLinkFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { copy, share } = useReferralActions(link);
  return (
    <div className="referral-field">
      <label htmlFor={inputId} className="referral-field-label">
        {label}
      </label>
      <div className="referral-field-row">
        <input
          ref={inputRef}
          id={inputId}
          className="referral-field-input"
          type="text"
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="referral-field-actions">
          <button type="button" className="button button-primary" onClick={() => void copy(inputRef.current)}>
            <IconCopy size={18} />
            Copy link
          </button>
          {canShareNatively() ? (
            <button type="button" className="button button-ghost" onClick={() => void share()}>
              <IconShare size={18} />
              Share
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

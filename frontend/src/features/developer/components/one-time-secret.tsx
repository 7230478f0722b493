import { useEffect, useId, useRef, useState } from 'react';
import { copyText } from '@/lib/referral-link';
import { SECRET_COPIED, SECRET_COPY_FAILED, SECRET_ONCE } from '../messages';

/** How long the Copy button reads 'Copied' after a copy. */
const COPIED_MS = 2000;

/**
 * A secret the server shows once (a new API token, a webhook's signing secret): read-only, selected on
 * focus, with Copy and the warning that it will not be shown again. It takes the focus when it appears, so
 * a keyboard or screen-reader user lands on it.
 */
export function OneTimeSecret({ label, value }: { label: string; value: string }) {
  const inputId = useId();
  const noteId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  // A new secret takes the focus, and the whole box (field, Copy, the warning) is brought into view.
  useEffect(() => {
    setCopy('idle');
    inputRef.current?.focus({ preventScroll: true });
    inputRef.current?.select();
    boxRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [value]);

  useEffect(() => {
    if (copy !== 'copied') return undefined;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  return (
    <div ref={boxRef} className="developer-secret">
      <div className="form-field">
        <label htmlFor={inputId}>{label}</label>
        <div className="developer-secret-row">
          <input
            ref={inputRef}
            id={inputId}
            className="developer-secret-input"
            type="text"
            readOnly
            value={value}
            aria-describedby={noteId}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="button button-primary"
            onClick={() => void copyText(value, inputRef.current).then((done) => setCopy(done ? 'copied' : 'failed'))}
          >
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </button>
        </div>
      </div>
      <p id={noteId} className="developer-secret-note">
        {SECRET_ONCE}
      </p>
      <p className="visually-hidden" role="status">
        {copy === 'copied' ? SECRET_COPIED : ''}
      </p>
      {copy === 'failed' ? (
        <p className="form-message form-message-error" role="alert">
          {SECRET_COPY_FAILED}
        </p>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { previewShareEmail, type SharePreview } from '../api/preview-share-email';
import { PREVIEW_BUTTON, PREVIEW_FAILED, PREVIEW_LOADING, PREVIEW_STALE, previewTitle } from '../messages';

type PreviewState =
  | { status: 'closed' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; preview: SharePreview; key: string };

type ShareEmailPreviewProps = {
  contentId: string;
  note: string | null;
  /** The first chosen contact; null previews the e-mail of a sample reader. */
  contact: { id: string; name: string } | null;
  disabled?: boolean;
};

const keyOf = (note: string | null, contactId: string | undefined) => `${contactId ?? ''}\n${note ?? ''}`;

/**
 * "Preview e-mail": the e-mail the first chosen contact (or a sample reader) would get, as the server
 * writes it. The HTML shows in a sandboxed frame: no scripts, no same-origin access, no forms.
 */
export function ShareEmailPreview({ contentId, note, contact, disabled = false }: ShareEmailPreviewProps) {
  const [state, setState] = useState<PreviewState>({ status: 'closed' });
  const requestRef = useRef<AbortController | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(
    () => () => {
      requestRef.current?.abort();
    },
    [],
  );

  const load = async () => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    const key = keyOf(note, contact?.id);
    setState({ status: 'loading' });
    try {
      const preview = await previewShareEmail(contentId, contact ? { note, contactId: contact.id } : { note }, controller.signal);
      if (!controller.signal.aborted) setState({ status: 'ready', preview, key });
    } catch (error) {
      if (!controller.signal.aborted) setState({ status: 'error', message: errorMessage(error, PREVIEW_FAILED) });
    }
  };

  const hide = () => {
    requestRef.current?.abort();
    setState({ status: 'closed' });
    // The hide button goes away: the focus goes back to the button that opened the preview.
    buttonRef.current?.focus();
  };

  const stale = state.status === 'ready' && state.key !== keyOf(note, contact?.id);
  const reader = contact?.name ?? 'a sample reader';

  return (
    <div className="share-preview">
      <div className="share-preview-actions">
        <button
          ref={buttonRef}
          type="button"
          className="button button-ghost button-small"
          disabled={disabled}
          aria-disabled={state.status === 'loading'}
          onClick={() => {
            if (state.status !== 'loading') void load();
          }}
        >
          {PREVIEW_BUTTON}
        </button>
        {state.status === 'ready' || state.status === 'error' ? (
          <button type="button" className="button button-ghost button-small" onClick={hide}>
            Hide preview
          </button>
        ) : null}
      </div>
      <p role="status" className="share-preview-status">
        {state.status === 'loading' ? PREVIEW_LOADING : stale ? PREVIEW_STALE : ''}
      </p>
      {state.status === 'error' ? (
        <p className="form-message form-message-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <section className="share-preview-mail" aria-label={previewTitle(reader)}>
          <dl className="share-preview-headers">
            <dt>From</dt>
            <dd>{state.preview.from}</dd>
            <dt>Reply-To</dt>
            <dd>{state.preview.reply_to}</dd>
            <dt>To</dt>
            <dd>{state.preview.to}</dd>
            <dt>Subject</dt>
            <dd>{state.preview.subject}</dd>
          </dl>
          {/* sandbox="" : the e-mail's HTML runs no script and cannot reach this page or its session. */}
          <iframe className="share-preview-frame" title={previewTitle(reader)} sandbox="" srcDoc={state.preview.html} />
        </section>
      ) : null}
    </div>
  );
}

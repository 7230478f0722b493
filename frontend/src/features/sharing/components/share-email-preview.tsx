import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
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

/** What a press of "Preview e-mail" asked for: the preview stays this one until the next press. */
type PreviewRequest = { contentId: string; note: string | null; contactId: string | undefined };

/** The preview in the query cache, one per content, contact and note; read at each press, dropped when hidden. */
const previewKey = (request: PreviewRequest | null) =>
  ['sharing', 'email-preview', request?.contentId ?? null, request?.contactId ?? null, request?.note ?? null] as const;

/**
 * "Preview e-mail": the e-mail the first chosen contact (or a sample reader) would get, as the server
 * writes it. The HTML shows in a sandboxed frame: no scripts, no same-origin access, no forms.
 */
export function ShareEmailPreview({ contentId, note, contact, disabled = false }: ShareEmailPreviewProps) {
  const [request, setRequest] = useState<PreviewRequest | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const previewQuery = useQuery(
    {
      queryKey: previewKey(request),
      queryFn: ({ signal }) =>
        previewShareEmail(request!.contentId, request!.contactId !== undefined ? { note: request!.note, contactId: request!.contactId } : { note: request!.note }, signal),
      enabled: request !== null,
    },
    queryClient,
  );
  const state: PreviewState =
    request === null
      ? { status: 'closed' }
      : previewQuery.isError
        ? { status: 'error', message: errorMessage(previewQuery.error, PREVIEW_FAILED) }
        : previewQuery.isSuccess
          ? { status: 'ready', preview: previewQuery.data, key: keyOf(request.note, request.contactId) }
          : { status: 'loading' };

  /** Each press reads the preview again, from its loading state, for the note and contact as they stand. */
  const load = () => {
    const next: PreviewRequest = { contentId, note, contactId: contact?.id };
    void queryClient.resetQueries({ queryKey: previewKey(next), exact: true });
    setRequest(next);
  };

  const hide = () => {
    if (request) queryClient.removeQueries({ queryKey: previewKey(request), exact: true });
    setRequest(null);
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
            if (state.status !== 'loading') load();
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

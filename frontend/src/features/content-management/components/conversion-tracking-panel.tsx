import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryClient } from '@/lib/query/query-client';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { getConversionSnippet, rotateConversionSnippet } from '../api/conversion-snippet';
import { contentAnalyticsKeys } from '../api/content-analytics-queries';
import { CONTENT_MANAGEMENT_MESSAGES as M } from '../messages';

type ConversionTrackingPanelProps = {
  contentId: string;
  title: string;
  onClose: () => void;
};

/**
 * Manage Content → Track conversions: the snippet that lets the creator's own site report conversions of
 * this content (copyable), what it does in plain words, and "New token" to stop an old snippet.
 */
export function ConversionTrackingPanel({ contentId, title, onClose }: ConversionTrackingPanelProps) {
  const snippetId = useId();
  const headingId = useId();
  const snippetKey = contentAnalyticsKeys.conversionSnippet(contentId);
  // Read at each opening (a snippet nobody shows is dropped), cancelled when the panel closes.
  const snippetQuery = useQuery({ queryKey: snippetKey, queryFn: ({ signal }) => getConversionSnippet(contentId, signal) }, queryClient);
  const [rotating, setRotating] = useState<{ busy: boolean; error: string | null } | null>(null);
  /** Retry reads the snippet again from its loading state. */
  const retry = () => void queryClient.resetQueries({ queryKey: snippetKey, exact: true });

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(M.trackingCopied, { toastId: `tracking-copied-${contentId}` });
    } catch {
      toast.error(M.trackingCopyFailed, { toastId: 'tracking-copy-failed' });
    }
  };

  const rotate = async () => {
    if (rotating?.busy) return;
    setRotating({ busy: true, error: null });
    try {
      const snippet = await rotateConversionSnippet(contentId);
      queryClient.setQueryData(snippetKey, snippet);
      setRotating(null);
      toast.success(M.trackingRotated, { toastId: `tracking-rotated-${contentId}` });
    } catch (error) {
      setRotating({ busy: false, error: errorMessage(error, M.trackingRotateFailed) });
    }
  };

  return (
    <section className="tracking-panel" aria-labelledby={headingId}>
      <div className="tracking-header">
        <h3 id={headingId} className="tracking-title">
          {M.trackConversions}: {title}
        </h3>
        <button type="button" className="button button-ghost button-small" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="tracking-help">{M.trackingHelp}</p>
      {snippetQuery.isPending ? <p role="status">{M.trackingLoading}</p> : null}
      {snippetQuery.isError ? <RetryAlert message={errorMessage(snippetQuery.error, M.trackingFailed)} onRetry={retry} /> : null}
      {snippetQuery.isSuccess ? (
        <>
          <label htmlFor={snippetId} className="tracking-label">
            {M.trackingSnippetLabel}
          </label>
          <textarea id={snippetId} className="tracking-snippet" readOnly rows={8} value={snippetQuery.data.snippet} spellCheck={false} />
          <div className="tracking-actions">
            <button type="button" className="button button-primary button-small" onClick={() => void copy(snippetQuery.data.snippet)}>
              Copy snippet
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => setRotating({ busy: false, error: null })}
              disabled={rotating?.busy ?? false}
            >
              New token
            </button>
          </div>
        </>
      ) : null}
      <ConfirmDialog
        open={rotating !== null}
        title={M.trackingRotateTitle}
        message={M.trackingRotateQuestion}
        confirmLabel="New token"
        busyLabel="Creating..."
        danger
        busy={rotating?.busy ?? false}
        error={rotating?.error ?? null}
        onConfirm={() => void rotate()}
        onCancel={() => setRotating(null)}
      />
    </section>
  );
}

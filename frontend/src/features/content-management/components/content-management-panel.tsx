import { contentStatusLabel } from '@/lib/content-status-labels';
import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { useState, type ReactNode } from 'react';
import type { BatchContentResult } from '../api/batch-content';
import { ContentBatchToolbar } from './content-batch-toolbar';
import { ConversionTrackingPanel } from './conversion-tracking-panel';
import { toast } from '@/lib/toast';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { forgetOwnContent, refreshOwnContents, replaceOwnContent, useOwnContents, type OwnContentsStatus } from '@/lib/api/own-contents';
import { createShortLink } from '../api/create-short-link';
import { enhanceContent } from '../api/enhance-content';
import { pauseContent, resumeContent } from '../api/pause-content';
import { moderationLabel, pendingExplanation, reviewNotice, shareCountLabel, shortLinkPath, shortLinkUrl, typeLabel } from '../content-labels';
import { CONTENT_MANAGEMENT_MESSAGES as M } from '../messages';

export type { OwnContentsStatus };

type ContentManagementPanelProps = {
  contents: readonly ContentDto[];
  status: OwnContentsStatus;
  isPremium: boolean;
  onEdit: (content: ContentDto) => void;
  onDelete: (content: ContentDto) => void;
  onRetry: () => void;
  /** A Free user asked for a Premium action: the route opens the Premium upsell. */
  onUpgrade?: () => void;
  /** More actions of one item, composed by the route (e.g. auto-scheduling's "Schedule release"). */
  renderItemActions?: (content: ContentDto) => ReactNode;
  /** An item was changed or deleted here: the route refreshes what holds copies of it (the workspace's queue). */
  onContentChanged?: () => void;
};

/**
 * SPEC §2 Manage Content, Content Management tab: the own contents (at most 200 px, scrolling), each with
 * Edit and Delete; for Premium users its short link (/links/{short_code}, created on demand and copyable)
 * and the Enhance link action. Free users are told these are Premium features. "Load more" fetches the next
 * page of the own contents (the same list as the workspace's step 2).
 */
export function ContentManagementPanel({ contents, status, isPremium, onEdit, onDelete, onRetry, onUpgrade, renderItemActions, onContentChanged }: ContentManagementPanelProps) {
  const { total, loadingMore, loadMore } = useOwnContents();
  const replaceContent = (content: ContentDto) => {
    replaceOwnContent(content);
    onContentChanged?.();
  };
  // Codes created here show at once, whatever the list refresh brings.
  const [createdCodes, setCreatedCodes] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<{ id: string; action: 'link' | 'enhance' | 'pause' | 'batch' } | null>(null);
  // Premium batch actions: the ids ticked in the list (ids no longer listed simply drop out).
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  // The item whose "Track conversions" panel is open (one at a time).
  const [tracking, setTracking] = useState<string | null>(null);

  if (status === 'loading') return <p role="status">{M.ownLoading}</p>;
  if (status === 'error') {
    return <RetryAlert className="manage-error" message={M.ownFetchFailed} onRetry={onRetry} />;
  }
  if (status === 'invalid') return <p className="form-message form-message-error" role="alert">{M.ownInvalid}</p>;

  const handleCreateLink = async (content: ContentDto) => {
    if (busy) return;
    setBusy({ id: content.id, action: 'link' });
    try {
      const link = await createShortLink(content.id);
      setCreatedCodes((codes) => ({ ...codes, [content.id]: link.short_code }));
      toast.success(M.shortLinkCreated, { toastId: `short-link-${content.id}` });
      void refreshOwnContents();
    } catch (error) {
      toast.error(errorMessage(error, M.shortLinkFailed), { toastId: 'short-link-failed' });
    } finally {
      setBusy(null);
    }
  };

  const handleEnhance = async (content: ContentDto) => {
    if (busy) return;
    setBusy({ id: content.id, action: 'enhance' });
    try {
      const enhanced = await enhanceContent(content.id);
      if (enhanced && typeof enhanced === 'object' && enhanced.id === content.id) replaceContent(enhanced);
      toast.success(M.enhanced, { toastId: `enhanced-${content.id}` });
      void refreshOwnContents();
    } catch {
      toast.error(M.enhanceFailed, { toastId: 'enhance-failed' });
    } finally {
      setBusy(null);
    }
  };

  /** Pause (out of the exchange) or resume an own item; the answer is the item as it is now. */
  const handlePause = async (content: ContentDto, resume: boolean) => {
    if (busy) return;
    setBusy({ id: content.id, action: 'pause' });
    try {
      const updated = await (resume ? resumeContent(content.id) : pauseContent(content.id));
      if (updated && typeof updated === 'object' && updated.id === content.id) replaceContent(updated);
      toast.success(resume ? M.resumed : M.paused, { toastId: `pause-${content.id}` });
    } catch (error) {
      toast.error(errorMessage(error, resume ? M.resumeFailed : M.pauseFailed), { toastId: 'pause-failed' });
    } finally {
      setBusy(null);
    }
  };

  const selected = contents.filter((content) => selectedIds.has(content.id));
  const trackedContent = contents.find((content) => content.id === tracking) ?? null;
  const allSelected = contents.length > 0 && selected.length === contents.length;
  const toggle = (id: string, on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const handleBatchDone = (result: BatchContentResult) => {
    if (result.action === 'delete') {
      for (const id of result.changed) {
        forgetOwnContent(id);
        onContentChanged?.();
      }
    }
    else for (const updated of result.contents) replaceContent(updated);
    setSelectedIds(new Set());
    void refreshOwnContents();
  };

  const handleCopyEnhanced = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(M.enhancedCopied, { toastId: 'enhanced-copied' });
    } catch {
      toast.error(M.enhancedCopyFailed, { toastId: 'enhanced-copy-failed' });
    }
  };

  const handleCopy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(shortLinkUrl(code));
      toast.success(M.shortLinkCopied, { toastId: 'short-link-copied' });
    } catch {
      toast.error(M.shortLinkCopyFailed, { toastId: 'short-link-copy-failed' });
    }
  };

  return (
    <div className="manage-panel">
      {!isPremium ? (
        <div className="manage-premium-note">
          <p>{M.premiumOnly}</p>
          <p>{M.batchPremium}</p>
          {onUpgrade ? (
            <button type="button" className="button button-primary button-small" onClick={onUpgrade}>
              Upgrade to Premium
            </button>
          ) : null}
        </div>
      ) : null}
      {isPremium && contents.length > 0 ? (
        <div className="manage-batch">
          <label className="checkbox selection-check-all">
            <input
              type="checkbox"
              checked={allSelected}
              ref={(input) => {
                if (input) input.indeterminate = selected.length > 0 && !allSelected;
              }}
              disabled={busy !== null}
              onChange={(event) => setSelectedIds(event.target.checked ? new Set(contents.map((content) => content.id)) : new Set())}
            />
            {M.selectAll}
          </label>
          <ContentBatchToolbar
            selected={selected}
            onClear={() => setSelectedIds(new Set())}
            onDone={handleBatchDone}
            onBusyChange={(running) => setBusy(running ? { id: '', action: 'batch' } : null)}
          />
        </div>
      ) : null}
      {contents.length === 0 ? (
        <p className="modal-empty">{M.ownEmpty}</p>
      ) : (
        <ul className="manage-list" aria-label="Your content">
          {contents.map((content) => {
            const code = content.links?.[0]?.short_code ?? createdCodes[content.id];
            const itemBusy = busy?.id === content.id;
            const ownerStatus = content.owner_status ?? content.status;
            const moderation = moderationLabel(content.moderation_status);
            return (
              <li key={content.id} className={selectedIds.has(content.id) ? 'manage-item manage-item-selected' : 'manage-item'}>
                {isPremium ? (
                  <label className="selection-check">
                    <input
                      type="checkbox"
                      aria-label={`Select ${content.title}`}
                      checked={selectedIds.has(content.id)}
                      disabled={busy?.action === 'batch'}
                      onChange={(event) => toggle(content.id, event.target.checked)}
                    />
                  </label>
                ) : null}
                <div className="manage-item-main">
                  <span className="manage-item-title">{content.title}</span>
                  <span className="manage-item-meta">
                    {typeLabel(content.content_type)} · {contentStatusLabel(ownerStatus)} · {shareCountLabel(content.share_count)}
                    {moderation ? <span className="manage-item-moderation"> · {moderation}</span> : null}
                  </span>
                  {ownerStatus === 'pending' ? <span className="manage-item-note">{pendingExplanation(content.required_shares)}</span> : null}
                  {content.under_review ? (
                    <span className="manage-item-note manage-item-review" role="note">
                      {reviewNotice(content.moderation_reason)}
                    </span>
                  ) : null}
                </div>
                <div className="manage-item-actions">
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`Edit ${content.title}`}
                    onClick={() => onEdit(content)}
                  >
                    Edit
                  </button>
                  {ownerStatus === 'active' || ownerStatus === 'pending' || ownerStatus === 'inactive' ? (
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`${ownerStatus === 'inactive' ? 'Resume' : 'Pause'} ${content.title}`}
                      disabled={busy !== null}
                      onClick={() => void handlePause(content, ownerStatus === 'inactive')}
                    >
                      {ownerStatus === 'inactive' ? 'Resume' : 'Pause'}
                    </button>
                  ) : null}
                  {renderItemActions?.(content)}
                  <button
                    type="button"
                    className="button button-danger button-small"
                    aria-label={`Delete ${content.title}`}
                    onClick={() => onDelete(content)}
                  >
                    Delete
                  </button>
                </div>
                {isPremium ? (
                  <div className="manage-item-links">
                    {code ? (
                      <>
                        <code className="manage-short-link">{shortLinkPath(code)}</code>
                        <button
                          type="button"
                          className="button button-ghost button-small"
                          aria-label={`Copy link of ${content.title}`}
                          onClick={() => void handleCopy(code)}
                        >
                          Copy link
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="button button-ghost button-small"
                        aria-label={`Create short link for ${content.title}`}
                        disabled={busy !== null}
                        onClick={() => void handleCreateLink(content)}
                      >
                        {itemBusy && busy?.action === 'link' ? 'Creating...' : 'Create short link'}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`Enhance link of ${content.title}`}
                      disabled={busy !== null}
                      onClick={() => void handleEnhance(content)}
                    >
                      {itemBusy && busy?.action === 'enhance' ? 'Enhancing...' : 'Enhance link'}
                    </button>
                  </div>
                ) : null}
                {content.enhanced_url ? (
                  <div className="manage-item-enhanced">
                    <span className="manage-enhanced">Enhanced URL</span>
                    <code className="manage-enhanced-url">{content.enhanced_url}</code>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`Copy enhanced URL of ${content.title}`}
                      onClick={() => void handleCopyEnhanced(content.enhanced_url ?? '')}
                    >
                      Copy
                    </button>
                  </div>
                ) : null}
                <div className="manage-item-tracking">
                  {isPremium ? (
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-expanded={tracking === content.id}
                      aria-label={`${M.trackConversions} of ${content.title}`}
                      onClick={() => setTracking((open) => (open === content.id ? null : content.id))}
                    >
                      {M.trackConversions}
                    </button>
                  ) : (
                    // Conversion tracking is Premium (Custom Link Tracking): the button says so and leads to the upgrade.
                    <button type="button" className="button button-ghost button-small" onClick={onUpgrade}>
                      {M.trackConversions} <span className="premium-tag">Premium</span>{' '}
                      <span className="visually-hidden">of {content.title}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {trackedContent ? (
        <ConversionTrackingPanel
          key={trackedContent.id}
          contentId={trackedContent.id}
          title={trackedContent.title}
          onClose={() => setTracking(null)}
        />
      ) : null}
      <LoadMore shown={contents.length} total={total} loading={loadingMore} onLoadMore={() => void loadMore()} what="contents" />
    </div>
  );
}

import { contentStatusLabel } from '@/lib/content-status-labels';
import { useId, useState } from 'react';
import type { ModeratedItemDto } from '@crossfeed/domain/api/flags.dto.ts';
import { MODERATION_STATUSES, type ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import { toast } from '@/lib/toast';
import { setModerationStatus } from '../api/set-moderation-status';
import { useModeratedContent } from '../hooks/use-moderated-content';
import { ADMIN_REPORT_MESSAGES, confirmStatusChange, statusUpdateFailed } from '../messages';
import { formatFlagTime, typeLabel } from '../utils/content-labels';
import { FlagStatusSelect } from './flag-status-select';
import { RemovalConfirmDialog } from './removal-confirm-dialog';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The admin report's "Moderated content" view (docs/security.md, "Moderation that sticks"): every item an
 * admin gave a moderation status, with or without open flags, so content under review is never out of
 * reach. The status select changes it after the same confirmation as on a flag.
 */
export function ModeratedContent() {
  const filterId = useId();
  const [filter, setFilter] = useState<ModerationStatus | null>(null);
  const { status, items, total, loadingMore, loadMore, update, retry } = useModeratedContent(filter);
  const [pending, setPending] = useState<{ item: ModeratedItemDto; status: ModerationStatus } | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const setBusy = (id: string, on: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const change = async (item: ModeratedItemDto, next: ModerationStatus, reason: string | null) => {
    setBusy(item.id, true);
    try {
      const content = await setModerationStatus(item.id, next, reason);
      update(item.id, { status: content.status });
      toast.success(ADMIN_REPORT_MESSAGES.statusUpdated, { toastId: `admin-moderated-status-${item.id}` });
    } catch (error) {
      toast.error(statusUpdateFailed(messageOf(error)), { toastId: `admin-moderated-status-failed-${item.id}` });
    } finally {
      setBusy(item.id, false);
    }
  };

  const confirm = (reason: string | null = null) => {
    if (!pending) return;
    setPending(null);
    void change(pending.item, pending.status, reason);
  };

  return (
    <div className="admin-view">
      <div className="admin-toolbar">
        <div className="form-field admin-filter">
          <label htmlFor={filterId}>Moderation status</label>
          <select id={filterId} value={filter ?? 'all'} onChange={(event) => setFilter(event.target.value === 'all' ? null : (event.target.value as ModerationStatus))}>
            <option value="all">All statuses</option>
            {MODERATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {contentStatusLabel(value)}
              </option>
            ))}
          </select>
        </div>
        {status === 'ready' && items.length > 0 ? <p className="admin-count">{`${total} ${total === 1 ? 'item' : 'items'}`}</p> : null}
      </div>

      {status === 'loading' ? (
        <p className="admin-state" role="status">
          {ADMIN_REPORT_MESSAGES.moderatedLoading}
        </p>
      ) : status === 'error' ? (
        <RetryAlert className="admin-state admin-state-error" message={ADMIN_REPORT_MESSAGES.moderatedFetchFailed} onRetry={retry} compact={false} />
      ) : items.length === 0 ? (
        <p className="admin-state">{filter ? ADMIN_REPORT_MESSAGES.moderatedNoMatch : ADMIN_REPORT_MESSAGES.moderatedEmpty}</p>
      ) : (
        <>
          <div className="flag-table-scroll" role="region" aria-label="Moderated content list" tabIndex={0}>
            <table className="flag-table moderated-table">
              <caption className="visually-hidden">Moderated content, most recently changed first</caption>
              <thead>
                <tr>
                  <th scope="col">Content</th>
                  <th scope="col">Type</th>
                  <th scope="col">Owner</th>
                  <th scope="col">Status</th>
                  <th scope="col">Last reason</th>
                  <th scope="col">Open flags</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => {
                  const busy = busyIds.has(item.id);
                  return (
                    <tr key={item.id} className="flag-row" aria-busy={busy || undefined}>
                      <th scope="row" className="flag-cell-title">
                        {item.title}
                      </th>
                      <td data-label="Type">
                        <span className="flag-badge">{typeLabel(item.content_type)}</span>
                      </td>
                      <td data-label="Owner">{item.user.username}</td>
                      <td data-label="Status">
                        {item.removed ? (
                          <span className="flag-muted">Removed</span>
                        ) : (
                          <FlagStatusSelect
                            status={item.status}
                            contentTitle={item.title}
                            disabled={busy}
                            onChange={(next) => setPending({ item, status: next })}
                          />
                        )}
                      </td>
                      <td data-label="Last reason" className="flag-cell-reason">
                        {item.reason ?? <span className="flag-muted">None</span>}
                      </td>
                      <td data-label="Open flags">{item.open_flags}</td>
                      <td data-label="Updated">
                        <time className="flag-time" dateTime={item.updated_at}>
                          {formatFlagTime(item.updated_at)}
                        </time>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadMore shown={items.length} total={total} loading={loadingMore} onLoadMore={loadMore} what="items" />
        </>
      )}

      <ConfirmDialog
        open={pending !== null && pending.status !== 'deleted'}
        title="Change content status"
        message={pending ? confirmStatusChange(pending.status) : ''}
        confirmLabel="Change status"
        onConfirm={() => confirm()}
        onCancel={() => setPending(null)}
      />
      {/* A removal: the owner is told the reason the admin gives, else the flags'. */}
      <RemovalConfirmDialog
        open={pending?.status === 'deleted'}
        title="Change content status"
        message={confirmStatusChange('deleted')}
        confirmLabel="Change status"
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}

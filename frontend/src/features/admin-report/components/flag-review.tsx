import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { isOutcomeRequiredDetail, type FlagOutcome } from '@crossfeed/domain/flags/flag-outcome.ts';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import { bulkDeleteFlags } from '../api/bulk-delete-flags';
import { changeContentStatus } from '../api/change-content-status';
import { deleteContent } from '../api/delete-content';
import { deleteFlag } from '../api/delete-flag';
import { useFlagList } from '../hooks/use-flag-list';
import {
  ADMIN_REPORT_MESSAGES,
  bulkDeleteFailed,
  confirmBulkDelete,
  confirmStatusChange,
  deleteContentFailed,
  deleteFlagFailed,
  flagsDeleted,
  newFlagAnnouncement,
  statusUpdateFailed,
} from '../messages';
import { TYPE_GROUPS, typeGroupLabel, typeGroupOf, type TypeGroup } from '../utils/content-labels';
import { applyContent, removeContent, removeFlags } from '../utils/flag-list';
import { FlagOutcomeDialog, type OutcomeAsk } from './flag-outcome-dialog';
import { FlagTable } from './flag-table';
import { RemovalConfirmDialog } from './removal-confirm-dialog';

type Pending =
  | { kind: 'status'; flag: FlagDto; status: ModerationStatus; reason?: string | null }
  | { kind: 'flag'; flag: FlagDto; outcome?: FlagOutcome }
  | { kind: 'content'; flag: FlagDto; reason?: string | null }
  | { kind: 'bulk'; ids: string[]; outcome?: FlagOutcome };

/** How long a pushed flag stays highlighted. */
const FRESH_MS = 4000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A removal (delete content, or the `deleted` status) asks for an optional reason the owner is told. */
const isRemoval = (pending: Pending): boolean => pending.kind === 'content' || (pending.kind === 'status' && pending.status === 'deleted');

/** The server's 409 for the last open flag(s) on content under review: the admin chooses the outcome. */
const asksForOutcome = (error: unknown): boolean => error instanceof ApiError && error.status === 409 && isOutcomeRequiredDetail(error.detail);

function confirmText(pending: Pending): { title: string; message: string; confirmLabel: string; danger: boolean } {
  switch (pending.kind) {
    case 'status':
      return { title: 'Change content status', message: confirmStatusChange(pending.status), confirmLabel: 'Change status', danger: false };
    case 'flag':
      return { title: 'Delete flag', message: ADMIN_REPORT_MESSAGES.confirmDeleteFlag, confirmLabel: 'Delete flag', danger: true };
    case 'content':
      return { title: 'Delete content', message: ADMIN_REPORT_MESSAGES.confirmDeleteContent, confirmLabel: 'Delete content', danger: true };
    case 'bulk':
      return { title: 'Delete flags', message: confirmBulkDelete(pending.ids.length), confirmLabel: 'Delete flags', danger: true };
  }
}

function SelectAllCheckbox({ checked, indeterminate, disabled, onChange }: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="checkbox">
      <input ref={ref} type="checkbox" checked={checked} disabled={disabled} onChange={onChange} />
      Select all
    </label>
  );
}

/**
 * SPEC §2 Admin report, the "Flags" view: the live list of flags with the moderation actions (status
 * select, delete flag, delete content, bulk delete of selected flags), each behind a confirmation. Deleting
 * the last open flag on content under review asks what becomes of the content (approve or keep its status).
 */
export function FlagReview() {
  const filterId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const onPushedFlag = useCallback((flag: FlagDto) => {
    const text = newFlagAnnouncement(flag.content.title);
    setAnnouncement(text);
    setFreshIds((ids) => new Set(ids).add(flag.id));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      // The note goes with the highlight (a newer flag's note stays for its own time).
      setAnnouncement((current) => (current === text ? '' : current));
      setFreshIds((ids) => {
        const next = new Set(ids);
        next.delete(flag.id);
        return next;
      });
    }, FRESH_MS);
    timers.current.add(timer);
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const { status, flags, total, loadingMore, loadMore, change, retry } = useFlagList({ onPushedFlag });
  const [typeFilter, setTypeFilter] = useState<TypeGroup | 'all'>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcomeAsk, setOutcomeAsk] = useState<OutcomeAsk | null>(null);

  const visible = useMemo(
    () => (typeFilter === 'all' ? flags : flags.filter((flag) => typeGroupOf(flag.content.content_type) === typeFilter)),
    [flags, typeFilter],
  );
  // Only what is on screen counts as selected: a flag deleted elsewhere or filtered out drops out.
  const selectedVisible = useMemo(() => visible.filter((flag) => selected.has(flag.id)).map((flag) => flag.id), [visible, selected]);
  const selectedSet = useMemo(() => new Set(selectedVisible), [selectedVisible]);

  const setBusy = (ids: readonly string[], on: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const toggleSelected = (flag: FlagDto) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(flag.id)) next.delete(flag.id);
      else next.add(flag.id);
      return next;
    });

  const allSelected = visible.length > 0 && selectedVisible.length === visible.length;
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(visible.map((flag) => flag.id)));

  const perform = async (action: Pending) => {
    switch (action.kind) {
      case 'status': {
        const { flag, status: next, reason } = action;
        setBusy([flag.id], true);
        try {
          const content = await changeContentStatus(flag.id, next, reason);
          change((list) => applyContent(list, content));
          toast.success(ADMIN_REPORT_MESSAGES.statusUpdated, { toastId: `admin-status-${flag.id}` });
        } catch (error) {
          toast.error(statusUpdateFailed(messageOf(error)), { toastId: `admin-status-failed-${flag.id}` });
        } finally {
          setBusy([flag.id], false);
        }
        return;
      }
      case 'flag': {
        const { flag, outcome } = action;
        setBusy([flag.id], true);
        try {
          const result = await deleteFlag(flag.id, outcome);
          change((list) => removeFlags(list, [flag.id]));
          toast.success(ADMIN_REPORT_MESSAGES.flagDeleted, { toastId: `admin-flag-deleted-${flag.id}` });
          if (result?.outcome === 'approve') toast.success(ADMIN_REPORT_MESSAGES.contentApproved, { toastId: `admin-flag-approved-${flag.id}` });
        } catch (error) {
          if (!outcome && asksForOutcome(error)) setOutcomeAsk({ kind: 'flag', flag });
          else toast.error(deleteFlagFailed(messageOf(error)), { toastId: `admin-flag-failed-${flag.id}` });
        } finally {
          setBusy([flag.id], false);
        }
        return;
      }
      case 'content': {
        const { flag, reason } = action;
        const ids = flags.filter((item) => item.content_id === flag.content_id).map((item) => item.id);
        setBusy(ids, true);
        try {
          await deleteContent(flag.content_id, reason);
          change((list) => removeContent(list, flag.content_id));
          toast.success(ADMIN_REPORT_MESSAGES.contentDeleted, { toastId: `admin-content-deleted-${flag.content_id}` });
        } catch (error) {
          toast.error(deleteContentFailed(messageOf(error)), { toastId: `admin-content-failed-${flag.content_id}` });
        } finally {
          setBusy(ids, false);
        }
        return;
      }
      case 'bulk': {
        const { ids, outcome } = action;
        setBusy(ids, true);
        try {
          const result = await bulkDeleteFlags(ids, outcome);
          change((list) => removeFlags(list, ids));
          setSelected(new Set());
          toast.success(flagsDeleted(result?.deleted ?? ids.length), { toastId: 'admin-bulk-deleted' });
        } catch (error) {
          if (!outcome && asksForOutcome(error)) setOutcomeAsk({ kind: 'bulk', ids });
          else toast.error(bulkDeleteFailed(messageOf(error)), { toastId: 'admin-bulk-failed' });
        } finally {
          setBusy(ids, false);
        }
        return;
      }
    }
  };

  const confirm = (reason: string | null = null) => {
    if (!pending) return;
    setPending(null);
    void perform(pending.kind === 'status' || pending.kind === 'content' ? { ...pending, reason } : pending);
  };

  const dialog = pending ? confirmText(pending) : null;

  const chooseOutcome = (outcome: FlagOutcome) => {
    if (!outcomeAsk) return;
    setOutcomeAsk(null);
    void perform(outcomeAsk.kind === 'flag' ? { kind: 'flag', flag: outcomeAsk.flag, outcome } : { kind: 'bulk', ids: outcomeAsk.ids, outcome });
  };

  return (
    <div className="admin-view">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {status === 'loading' ? (
        <p className="admin-state" role="status">
          {ADMIN_REPORT_MESSAGES.loading}
        </p>
      ) : status === 'error' ? (
        <RetryAlert className="admin-state admin-state-error" message={ADMIN_REPORT_MESSAGES.fetchFailed} onRetry={retry} compact={false} />
      ) : flags.length === 0 ? (
        <p className="admin-state">{ADMIN_REPORT_MESSAGES.empty}</p>
      ) : (
        <>
          <div className="admin-toolbar">
            <div className="form-field admin-filter">
              <label htmlFor={filterId}>Content type</label>
              <select id={filterId} value={typeFilter} onChange={(event) => setTypeFilter(event.target.value as TypeGroup | 'all')}>
                <option value="all">All types</option>
                {TYPE_GROUPS.map((group) => (
                  <option key={group} value={group}>
                    {typeGroupLabel(group)}
                  </option>
                ))}
              </select>
            </div>
            <SelectAllCheckbox
              checked={allSelected}
              indeterminate={selectedVisible.length > 0 && !allSelected}
              disabled={visible.length === 0}
              onChange={toggleAll}
            />
            <button
              type="button"
              className="button button-danger"
              disabled={selectedVisible.length === 0}
              onClick={() => setPending({ kind: 'bulk', ids: selectedVisible })}
            >
              Delete selected ({selectedVisible.length})
            </button>
            <p className="admin-count">
              {visible.length === flags.length ? `${flags.length} ${flags.length === 1 ? 'flag' : 'flags'}` : `${visible.length} of ${flags.length} flags`}
            </p>
          </div>
          {visible.length === 0 ? (
            <p className="admin-state">{ADMIN_REPORT_MESSAGES.noMatch}</p>
          ) : (
            <FlagTable
              flags={visible}
              selectedIds={selectedSet}
              busyIds={busyIds}
              freshIds={freshIds}
              onToggleSelected={toggleSelected}
              onChangeStatus={(flag, next) => setPending({ kind: 'status', flag, status: next })}
              onDeleteFlag={(flag) => setPending({ kind: 'flag', flag })}
              onDeleteContent={(flag) => setPending({ kind: 'content', flag })}
            />
          )}
          <LoadMore shown={flags.length} total={total} loading={loadingMore} onLoadMore={loadMore} what="flags" />
        </>
      )}

      <ConfirmDialog
        open={dialog !== null && pending !== null && !isRemoval(pending)}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.confirmLabel ?? ''}
        danger={dialog?.danger}
        onConfirm={() => confirm()}
        onCancel={() => setPending(null)}
      />
      <RemovalConfirmDialog
        open={dialog !== null && pending !== null && isRemoval(pending)}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.confirmLabel ?? ''}
        danger={dialog?.danger}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
      <FlagOutcomeDialog ask={outcomeAsk} onChoose={chooseOutcome} onCancel={() => setOutcomeAsk(null)} />
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { appendPage, PAGE_SIZE } from '@/lib/paging';
import { useAppStore } from '@/stores/app-store';
import { cancelSchedule } from '../api/cancel-schedule';
import { getSchedules, type Schedule } from '../api/get-schedules';
import { SCHEDULING_MESSAGES as M, OUTCOME_PREFIX, STATUS_LABELS, contactsCount } from '../messages';
import { formatLocal } from '../schedule-time';
import '../scheduling.css';

type ScheduledListProps = {
  isPremium: boolean;
  onUpgrade?: () => void;
};

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: Schedule[]; total: number; loadingMore: boolean };

/**
 * The Scheduled list (Manage Content): the user's scheduled shares and releases, waiting ones first, with
 * their status or outcome and Cancel for those that have not run. An outcome notification refreshes it.
 */
export function ScheduledList({ isPremium, onUpgrade }: ScheduledListProps) {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [cancelling, setCancelling] = useState<string | null>(null);
  const requestRef = useRef<AbortController | null>(null);
  // The newest notification; a schedule's outcome among them means the list changed.
  const latest = useAppStore((state) => state.notifications[0]);
  const latestOutcome = latest && latest.message.startsWith(OUTCOME_PREFIX) ? latest.id : null;

  const load = useCallback(async (quiet = false) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    if (!quiet) setList({ status: 'loading' });
    try {
      const { items, total } = await getSchedules({ offset: 0, limit: PAGE_SIZE }, controller.signal);
      if (controller.signal.aborted) return;
      setList({ status: 'ready', items: Array.isArray(items) ? items : [], total, loadingMore: false });
    } catch (error) {
      if (controller.signal.aborted) return;
      setList({ status: 'error', message: errorMessage(error, M.listFailed) });
    }
  }, []);

  useEffect(() => {
    void load();
    return () => requestRef.current?.abort();
  }, [load]);

  // The outcome notification already there when the list opened is in what the first load fetched.
  const seenOutcome = useRef(latestOutcome);
  useEffect(() => {
    if (!latestOutcome || latestOutcome === seenOutcome.current) return;
    seenOutcome.current = latestOutcome;
    void load(true);
  }, [latestOutcome, load]);

  const loadMore = async () => {
    if (list.status !== 'ready' || list.loadingMore) return;
    setList({ ...list, loadingMore: true });
    try {
      const { items, total } = await getSchedules({ offset: list.items.length, limit: PAGE_SIZE });
      setList((current) => (current.status === 'ready' ? { status: 'ready', items: appendPage(current.items, items), total, loadingMore: false } : current));
    } catch (error) {
      setList((current) => (current.status === 'ready' ? { ...current, loadingMore: false } : current));
      toast.error(errorMessage(error, M.listFailed), { toastId: 'schedules-fetch-failed' });
    }
  };

  const cancel = async (schedule: Schedule) => {
    if (cancelling) return;
    setCancelling(schedule.id);
    try {
      const updated = await cancelSchedule(schedule.id);
      toast.success(M.cancelled, { toastId: `schedule-cancelled-${schedule.id}` });
      setList((current) =>
        current.status === 'ready' ? { ...current, items: current.items.map((item) => (item.id === schedule.id ? { ...item, ...updated } : item)) } : current,
      );
    } catch (error) {
      toast.error(errorMessage(error, M.cancelFailed), { toastId: 'schedule-cancel-failed' });
      void load(true);
    } finally {
      setCancelling(null);
    }
  };

  let body;
  if (list.status === 'loading') body = <p role="status">{M.listLoading}</p>;
  else if (list.status === 'error') body = <RetryAlert className="schedule-error" message={list.message} onRetry={() => void load()} />;
  else if (list.items.length === 0) body = <p className="modal-empty">{M.listEmpty}</p>;
  else {
    body = (
      <>
        <ul className="schedule-list" aria-label={M.listTitle}>
          {list.items.map((schedule) => (
            <li key={schedule.id} className="schedule-item">
              <div className="schedule-item-main">
                <span className="schedule-item-title">
                  {schedule.kind === 'share' ? 'Share' : 'Release'}: {schedule.content_title}
                </span>
                <span className="schedule-item-meta">
                  <time dateTime={schedule.run_at}>{formatLocal(schedule.run_at)}</time>
                  {schedule.kind === 'share' ? ` · ${contactsCount(schedule.contact_ids.length)}` : null}
                  {schedule.status === 'done' && schedule.kind === 'share' ? ` · reached ${contactsCount(schedule.reached)}` : null}
                </span>
                {schedule.status === 'failed' && schedule.reason ? <span className="schedule-item-reason">{schedule.reason}</span> : null}
              </div>
              <div className="schedule-item-actions">
                <span className={`schedule-status schedule-status-${schedule.status}`}>{STATUS_LABELS[schedule.status]}</span>
                {schedule.status === 'scheduled' ? (
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`${M.cancel} ${schedule.kind} of ${schedule.content_title}`}
                    disabled={cancelling !== null}
                    onClick={() => void cancel(schedule)}
                  >
                    {cancelling === schedule.id ? M.cancelling : M.cancel}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        <LoadMore shown={list.items.length} total={list.total} loading={list.loadingMore} onLoadMore={() => void loadMore()} what="scheduled actions" />
      </>
    );
  }

  return (
    <section className="schedule-panel" aria-label={M.listTitle}>
      {!isPremium ? (
        <div className="schedule-upsell">
          <p>{M.premiumHint}</p>
          {onUpgrade ? (
            <button type="button" className="button button-primary button-small" onClick={onUpgrade}>
              {M.upgrade}
            </button>
          ) : null}
        </div>
      ) : null}
      {body}
    </section>
  );
}

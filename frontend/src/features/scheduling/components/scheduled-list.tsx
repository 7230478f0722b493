import { useState } from 'react';
import { toast } from '@/lib/toast';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { updatePagedList, usePagedList } from '@/lib/query/use-paged-list';
import { cancelSchedule } from '../api/cancel-schedule';
import { getSchedules, SCHEDULES_KEY, type Schedule } from '../api/get-schedules';
import { SCHEDULING_MESSAGES as M, STATUS_LABELS, contactsCount } from '../messages';
import { formatLocal } from '../schedule-time';
import '../scheduling.css';

type ScheduledListProps = {
  isPremium: boolean;
  onUpgrade?: () => void;
};

/**
 * The Scheduled list (Manage Content): the user's scheduled shares and releases, waiting ones first, with
 * their status or outcome and Cancel for those that have not run. An outcome push refreshes it (the
 * schedule handlers invalidate its query).
 */
export function ScheduledList({ isPremium, onUpgrade }: ScheduledListProps) {
  const list = usePagedList(SCHEDULES_KEY, getSchedules);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const loadMore = async () => {
    try {
      await list.loadMore();
    } catch (error) {
      toast.error(errorMessage(error, M.listFailed), { toastId: 'schedules-fetch-failed' });
    }
  };

  const cancel = async (schedule: Schedule) => {
    if (cancelling) return;
    setCancelling(schedule.id);
    try {
      const updated = await cancelSchedule(schedule.id);
      toast.success(M.cancelled, { toastId: `schedule-cancelled-${schedule.id}` });
      updatePagedList<Schedule>(SCHEDULES_KEY, (page) => ({ ...page, items: page.items.map((item) => (item.id === schedule.id ? { ...item, ...updated } : item)) }));
    } catch (error) {
      toast.error(errorMessage(error, M.cancelFailed), { toastId: 'schedule-cancel-failed' });
      void list.refresh();
    } finally {
      setCancelling(null);
    }
  };

  let body;
  if (list.status === 'loading') body = <p role="status">{M.listLoading}</p>;
  else if (list.status === 'error') body = <RetryAlert className="schedule-error" message={errorMessage(list.error, M.listFailed)} onRetry={list.reload} />;
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

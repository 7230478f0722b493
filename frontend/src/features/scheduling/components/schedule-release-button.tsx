import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { createSchedule } from '../api/create-schedule';
import { SCHEDULING_MESSAGES as M, releaseScheduledFor } from '../messages';
import { defaultRunAt, formatLocal, parseInputValue, runAtError } from '../schedule-time';
import { RunAtField } from './run-at-field';
import '../scheduling.css';

type ScheduleReleaseButtonProps = {
  content: { id: string; title: string; owner_status?: string; status: string };
  isPremium: boolean;
  /** A Free user pressed it: the route opens the Premium upsell. */
  onUpgrade?: () => void;
  onScheduled?: () => void;
};

/** Queued (pending) or held (paused) items can be released later. */
const isQueued = (status: string): boolean => status === 'pending' || status === 'inactive';

/**
 * "Schedule release" on an own queued item in Manage Content: a dialog with the local run time. At that time
 * the server releases the item if a credit is banked (docs/exchange.md) and notifies the outcome.
 */
export function ScheduleReleaseButton({ content, isPremium, onUpgrade, onScheduled }: ScheduleReleaseButtonProps) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!isQueued(content.owner_status ?? content.status)) return null;

  const start = () => {
    if (!isPremium) {
      onUpgrade?.();
      return;
    }
    setValue(defaultRunAt(new Date()));
    setError(null);
    setOpen(true);
  };

  const schedule = async () => {
    if (busy) return;
    const problem = runAtError(value, new Date());
    const runAt = parseInputValue(value);
    if (problem || !runAt) {
      setError(problem ?? M.invalidTime);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createSchedule({ kind: 'release', content_id: content.id, run_at: runAt.toISOString() });
      toast.success(releaseScheduledFor(content.title, formatLocal(runAt)), { toastId: `release-scheduled-${content.id}` });
      setOpen(false);
      onScheduled?.();
    } catch (failure) {
      setError(errorMessage(failure, M.scheduleFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button-ghost button-small"
        aria-label={`${M.scheduleRelease} of ${content.title}`}
        title={isPremium ? undefined : M.premiumHint}
        onClick={start}
      >
        {M.scheduleRelease}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={M.releaseTitle}
        footer={
          <>
            <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
              {M.cancel}
            </button>
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void schedule()}>
              {busy ? M.scheduling : M.scheduleRelease}
            </button>
          </>
        }
      >
        <div className="schedule-release">
          <h3 className="schedule-release-title">{content.title}</h3>
          <p className="schedule-hint">{M.releaseExplanation}</p>
          <RunAtField
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            error={error}
            disabled={busy}
            onEnter={() => void schedule()}
          />
        </div>
      </Modal>
    </>
  );
}

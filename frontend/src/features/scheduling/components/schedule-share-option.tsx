import { useState } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { createSchedule } from '../api/create-schedule';
import { SCHEDULING_MESSAGES as M, shareScheduledFor } from '../messages';
import { defaultRunAt, formatLocal, parseInputValue, runAtError } from '../schedule-time';
import { RunAtField } from './run-at-field';
import '../scheduling.css';

type ScheduleShareOptionProps = {
  contentId: string;
  /** The contacts chosen in the share window. */
  contactIds: readonly string[];
  isPremium: boolean;
  /** Scheduled: the share window closes. */
  onScheduled: () => void;
  /** A Free user pressed Upgrade: the route opens the Premium upsell. */
  onUpgrade?: () => void;
  /** "Schedule for later" ticked or unticked: the share window offers Share (now) only when it is not. */
  onLaterChange?: (later: boolean) => void;
};

/**
 * "Schedule for later" in the share window (Premium): instead of sharing now, the chosen contacts get this
 * content at a chosen local time. The server checks the share's rules again when it runs and notifies the
 * outcome. Free users see an upgrade hint instead.
 */
export function ScheduleShareOption({ contentId, contactIds, isPremium, onScheduled, onUpgrade, onLaterChange }: ScheduleShareOptionProps) {
  const [enabled, setEnabled] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!isPremium) {
    return (
      <div className="schedule-upsell">
        <p>{M.premiumHint}</p>
        {onUpgrade ? (
          <button type="button" className="button button-ghost button-small" onClick={onUpgrade}>
            {M.upgrade}
          </button>
        ) : null}
      </div>
    );
  }

  const schedule = async () => {
    if (busy) return;
    const problem = contactIds.length === 0 ? M.selectContactsFirst : runAtError(value, new Date());
    const runAt = parseInputValue(value);
    if (problem || !runAt) {
      setError(problem ?? M.invalidTime);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createSchedule({ kind: 'share', content_id: contentId, contact_ids: contactIds, run_at: runAt.toISOString() });
      toast.success(shareScheduledFor(formatLocal(runAt)), { toastId: `share-scheduled-${contentId}` });
      onScheduled();
    } catch (failure) {
      setError(errorMessage(failure, M.scheduleFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="schedule-option">
      <label className="schedule-toggle">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => {
            setEnabled(event.target.checked);
            onLaterChange?.(event.target.checked);
            setError(null);
            if (event.target.checked && value === '') setValue(defaultRunAt(new Date()));
          }}
        />
        <span>{M.forLater}</span>
      </label>
      {enabled ? (
        <div className="schedule-option-body">
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
          <button type="button" className="button button-primary button-small" disabled={busy || contactIds.length === 0} onClick={() => void schedule()}>
            {busy ? M.scheduling : M.scheduleShare}
          </button>
          {contactIds.length === 0 ? <p className="schedule-hint">{M.selectContactsFirst}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

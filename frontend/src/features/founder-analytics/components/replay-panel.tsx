import { useId } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import type { ReplayProgress, ReplayView } from '../hooks/use-replay';
import { ANALYTICS_MESSAGES, replayFailed, replayRunning } from '../messages';
import { formatCount, formatEta } from '../utils/format';

type ReplayPanelProps = {
  view: ReplayView;
  /** Shown under the button when POST /admin/replay failed. */
  startError: string | null;
  onReplay: () => void;
};

function percentOf(progress: ReplayProgress | null, phase: ReplayView['phase']): number | null {
  if (phase === 'completed') return 100;
  if (!progress) return null;
  const { percent, done, total } = progress;
  const value = typeof percent === 'number' ? percent : typeof done === 'number' && typeof total === 'number' && total > 0 ? (done / total) * 100 : null;
  return value === null || !Number.isFinite(value) ? null : Math.min(100, Math.max(0, Math.round(value * 10) / 10));
}

function statusText(view: ReplayView): string {
  switch (view.phase) {
    case 'idle':
      return '';
    case 'starting':
      return ANALYTICS_MESSAGES.replayStarting;
    case 'running':
      return replayRunning(view.projection);
    case 'completed':
      return ANALYTICS_MESSAGES.replayCompleted;
    case 'failed':
      return replayFailed(view.error);
  }
}

/** "420 of 1,000 events · 1,234 events/s · about 3 s left" (only the parts known so far). */
function statsText(progress: ReplayProgress | null, phase: ReplayView['phase']): string {
  if (!progress) return phase === 'running' ? 'Waiting to start...' : '';
  const parts: string[] = [];
  if (typeof progress.done === 'number') {
    parts.push(typeof progress.total === 'number' ? `${formatCount(progress.done)} of ${formatCount(progress.total)} events` : `${formatCount(progress.done)} events`);
  }
  if (typeof progress.events_per_second === 'number') parts.push(`${formatCount(progress.events_per_second)} events/s`);
  if (phase === 'running') parts.push(formatEta(progress.eta_seconds));
  return parts.join(' · ');
}

/**
 * The Replay button and the live progress of the rebuild (events done of total, rate, time left), then
 * its completed or failed state. The button stays disabled while a replay starts or runs.
 */
export function ReplayPanel({ view, startError, onReplay }: ReplayPanelProps) {
  const headingId = useId();
  const descriptionId = useId();
  const busy = view.phase === 'starting' || view.phase === 'running';
  const shown = view.phase === 'running' || view.phase === 'completed' || view.phase === 'failed' ? view : null;
  const percent = shown ? percentOf(shown.progress, shown.phase) : null;
  const stats = shown ? statsText(shown.progress, shown.phase) : '';

  return (
    <section className="replay-panel" aria-labelledby={headingId}>
      <div className="replay-head">
        <div>
          <h2 id={headingId} className="replay-title">
            Replay
          </h2>
          <p id={descriptionId} className="replay-description">
            {ANALYTICS_MESSAGES.replayIdle}
          </p>
        </div>
        <button type="button" className="button button-primary" disabled={busy} aria-describedby={descriptionId} onClick={onReplay}>
          Replay
        </button>
      </div>

      {shown ? (
        <div className={`replay-progress replay-progress-${shown.phase}`}>
          <div
            className="replay-bar"
            role="progressbar"
            aria-label="Replay progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={percent === null ? 'Waiting to start' : `${percent}%${stats ? `, ${stats}` : ''}`}
          >
            <div className={percent === null ? 'replay-bar-fill replay-bar-waiting' : 'replay-bar-fill'} style={percent === null ? undefined : { width: `${percent}%` }} />
          </div>
          <p className="replay-stats">
            {percent === null ? null : <strong>{`${percent}%`}</strong>}
            {stats ? <span>{stats}</span> : null}
          </p>
        </div>
      ) : null}

      <p className={view.phase === 'failed' ? 'replay-status replay-status-failed' : 'replay-status'} role="status">
        {statusText(view)}
      </p>
      <FormMessage tone="error">{startError}</FormMessage>
    </section>
  );
}

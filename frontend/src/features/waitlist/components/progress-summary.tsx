import { useId } from 'react';
import { milestoneProgress, type Milestone } from '../utils/milestone-progress';
import { ProgressBar } from './progress-bar';

/** 'N of M milestones complete', the percentage and its bar, and 'Almost there' near the end. */
export function ProgressSummary({ milestones }: { milestones: readonly Milestone[] }) {
  const labelId = useId();
  const { done, total, percent, almostThere } = milestoneProgress(milestones);
  return (
    <div className="progress-summary">
      <div className="progress-summary-row">
        <span id={labelId} className="progress-summary-label">
          {done} of {total} milestones complete
        </span>
        <span className="progress-summary-percent">{percent}%</span>
      </div>
      <ProgressBar percent={percent} labelledBy={labelId} />
      {almostThere ? <p className="almost-there-badge">Almost there</p> : null}
    </div>
  );
}

import { useId } from 'react';
import { IconClock } from '@/components/ui/icons';
import { MILESTONES, PRODUCT_UPDATES } from '../waitlist-content';
import { IconFlagMilestone } from './icons';
import { ProgressSummary } from './progress-summary';
import { UpdatesTimeline } from './updates-timeline-modal';

/** How many updates the tab shows before "View all updates". */
const PREVIEWED_UPDATES = 2;

type ProgressUpdatesPanelProps = {
  onOpenProgress: () => void;
  onOpenTimeline: () => void;
};

/** The 'Progress & Updates' tab: the milestone summary and the latest updates, each opening its modal. */
export function ProgressUpdatesPanel({ onOpenProgress, onOpenTimeline }: ProgressUpdatesPanelProps) {
  const labelId = useId();
  return (
    <div className="progress-panel">
      <section className="waitlist-card" aria-labelledby={`${labelId}-heading`}>
        <div className="waitlist-card-heading">
          <span className="icon-badge">
            <IconFlagMilestone />
          </span>
          <h2 id={`${labelId}-heading`}>Road to launch</h2>
        </div>
        <p className="waitlist-card-text">
          We are building Crossfeed in the open. Here is where each milestone stands ahead of the August beta.
        </p>
        <ProgressSummary milestones={MILESTONES} />
        <button type="button" className="button button-primary" onClick={onOpenProgress}>
          View milestones
        </button>
      </section>

      <section className="waitlist-card" aria-labelledby={`${labelId}-updates`}>
        <div className="waitlist-card-heading">
          <span className="icon-badge">
            <IconClock />
          </span>
          <h2 id={`${labelId}-updates`}>Latest updates</h2>
        </div>
        <UpdatesTimeline updates={PRODUCT_UPDATES.slice(0, PREVIEWED_UPDATES)} />
        <button type="button" className="button button-ghost" onClick={onOpenTimeline}>
          View all updates
        </button>
      </section>
    </div>
  );
}

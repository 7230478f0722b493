import { IconCheck } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { MILESTONES } from '../waitlist-content';
import type { Milestone } from '../utils/milestone-progress';
import { IconCircle } from './icons';
import { ProgressSummary } from './progress-summary';
import '../waitlist.css';

type ProductProgressModalProps = {
  open: boolean;
  onClose: () => void;
  /** Defaults to the six product milestones (SPEC §9). */
  milestones?: readonly Milestone[];
};

/** SPEC §2 Waitlist modal "product progress": the milestones with a percentage bar. */
export function ProductProgressModal({ open, onClose, milestones = MILESTONES }: ProductProgressModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Product progress"
      className="modal-wide"
      footer={
        <button type="button" className="button button-ghost" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="waitlist-modal-stack">
        <ProgressSummary milestones={milestones} />
        <ol className="scroll-list">
          {milestones.map((milestone) => (
            <li key={milestone.title} className={milestone.done ? 'milestone milestone-done' : 'milestone'}>
              <span className="milestone-icon">{milestone.done ? <IconCheck size={18} /> : <IconCircle size={18} />}</span>
              <div className="milestone-text">
                <p className="milestone-title">
                  {milestone.title}
                  <span className="visually-hidden">{milestone.done ? ' (complete)' : ' (in progress)'}</span>
                </p>
                <p className="milestone-description">{milestone.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Modal>
  );
}

import { Modal } from '@/components/ui/modal';
import { PRODUCT_UPDATES, type ProductUpdate } from '../waitlist-content';
import '../waitlist.css';

type UpdatesTimelineModalProps = {
  open: boolean;
  onClose: () => void;
  /** Newest first; defaults to Crossfeed's published updates. */
  updates?: readonly ProductUpdate[];
};

/** SPEC §2 Waitlist modal: a timeline of product updates. */
export function UpdatesTimelineModal({ open, onClose, updates = PRODUCT_UPDATES }: UpdatesTimelineModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Timeline of updates"
      className="modal-wide"
      footer={
        <button type="button" className="button button-ghost" onClick={onClose}>
          Close
        </button>
      }
    >
      {updates.length === 0 ? <p className="modal-empty">No updates yet.</p> : <UpdatesTimeline updates={updates} />}
    </Modal>
  );
}

/** The timeline itself (also shown, shortened, on the Progress & Updates tab). */
export function UpdatesTimeline({ updates }: { updates: readonly ProductUpdate[] }) {
  return (
    <ol className="timeline">
      {updates.map((update) => (
        <li key={update.title} className="timeline-item">
          <span className="timeline-dot" aria-hidden="true" />
          <p className="timeline-label">{update.label}</p>
          <h3 className="timeline-title">{update.title}</h3>
          <p className="timeline-body">{update.body}</p>
        </li>
      ))}
    </ol>
  );
}

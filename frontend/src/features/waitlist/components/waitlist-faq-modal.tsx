import { Modal } from '@/components/ui/modal';
import { WAITLIST_FAQ } from '../waitlist-content';
import '../waitlist.css';

type WaitlistFaqModalProps = { open: boolean; onClose: () => void };

/** SPEC §2 Waitlist modal: the FAQ, one native disclosure per question. */
export function WaitlistFaqModal({ open, onClose }: WaitlistFaqModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Frequently asked questions"
      className="modal-wide"
      footer={
        <button type="button" className="button button-ghost" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="faq-list">
        {WAITLIST_FAQ.map((entry) => (
          <details key={entry.question} className="faq-entry">
            <summary>{entry.question}</summary>
            <p>{entry.answer}</p>
          </details>
        ))}
      </div>
    </Modal>
  );
}

import { Link } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { ABOUT_PARAGRAPHS } from '../waitlist-content';
import '../waitlist.css';

type AboutWaitlistModalProps = { open: boolean; onClose: () => void };

/** SPEC §2 Waitlist modal: the about text. */
export function AboutWaitlistModal({ open, onClose }: AboutWaitlistModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="About Crossfeed"
      footer={
        <>
          <Link to="/about" className="button button-ghost" onClick={onClose}>
            Our story
          </Link>
          <button type="button" className="button button-primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="waitlist-modal-stack">
        {ABOUT_PARAGRAPHS.map((paragraph) => (
          <p key={paragraph} className="waitlist-modal-text">
            {paragraph}
          </p>
        ))}
      </div>
    </Modal>
  );
}

import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { useId } from 'react';
import { Modal } from '@/components/ui/modal';
import { shareCountLabel, typeLabel } from '../content-labels';
import { CONTENT_MANAGEMENT_MESSAGES as M } from '../messages';
import '../content-management.css';

type ContentListModalProps = {
  open: boolean;
  onClose: () => void;
  /** The workspace's selections (its kept workspace), passed by the route. */
  queue: readonly ContentDto[];
  matches: readonly ContentDto[];
};

function ContentSection({ heading, items, empty }: { heading: string; items: readonly ContentDto[]; empty: string }) {
  const headingId = useId();
  return (
    <section className="content-list-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      {items.length === 0 ? (
        <p className="modal-empty">{empty}</p>
      ) : (
        <ul className="content-list" aria-labelledby={headingId}>
          {items.map((content) => (
            <li key={content.id} className="content-list-item">
              <span className="content-list-title">{content.title}</span>
              <span className="content-list-meta">
                {typeLabel(content.content_type)} · {shareCountLabel(content.share_count)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * SPEC §2 Content list: the workspace's selections, 'Your Content Queue' (own contents chosen in step 2)
 * and 'Matched Contents' (matches chosen in step 1), each list at most 200 px tall.
 */
export function ContentListModal({ open, onClose, queue, matches }: ContentListModalProps) {

  return (
    <Modal open={open} onClose={onClose} title={M.contentListTitle}>
      {queue.length === 0 && matches.length === 0 ? (
        <p className="modal-empty">{M.nothingEmpty}</p>
      ) : (
        <div className="content-list-sections">
          <ContentSection heading="Your Content Queue" items={queue} empty={M.queueEmpty} />
          <ContentSection heading="Matched Contents" items={matches} empty={M.matchesEmpty} />
        </div>
      )}
    </Modal>
  );
}

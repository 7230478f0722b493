import { useId } from 'react';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto } from '../types';
import { ContentTypeBadge } from './content-badges';

type ShareQueuePanelProps = {
  queue: readonly ContentDto[];
  matches: readonly ContentDto[];
  /** 0-100. */
  progress: number;
  notice: string | null;
  onShare: (content: ContentDto) => void;
};

/** SPEC §2 step 3 'Share and Manage': the own queue, the selected matches with a Share button each, and progress. */
export function ShareQueuePanel({ queue, matches, progress, notice, onShare }: ShareQueuePanelProps) {
  const id = useId();
  const rounded = Math.round(progress);
  return (
    <div className="share-panel">
      <section aria-labelledby={`${id}-your-queue-heading`}>
        <h3 id={`${id}-your-queue-heading`}>Your Queue</h3>
        {queue.length === 0 ? (
          <p className="workspace-state">{WORKSPACE_MESSAGES.queueEmpty}</p>
        ) : (
          <ul className="queue-list" aria-label="Your Queue">
            {queue.map((content) => (
              <li key={content.id} className="queue-item">
                <span className="queue-item-title">{content.title}</span>
                <ContentTypeBadge type={content.content_type} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-queue-matches-heading`}>
        <h3 id={`${id}-queue-matches-heading`}>Matched Contents</h3>
        {matches.length === 0 ? (
          <p className="workspace-state">{WORKSPACE_MESSAGES.matchesEmpty}</p>
        ) : (
          <ul className="queue-list" aria-label="Matched Contents">
            {matches.map((content) => (
              <li key={content.id} className="queue-item">
                <span className="queue-item-title">{content.title}</span>
                <button
                  type="button"
                  className="button button-primary"
                  aria-label={`Share ${content.title}`}
                  onClick={() => onShare(content)}
                >
                  Share
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="share-progress">
        <div className="share-progress-label">
          <span id={`${id}-share-progress-label`}>Sharing progress</span> <span>{rounded}%</span>
        </div>
        <div
          className="progress-bar"
          role="progressbar"
          aria-labelledby={`${id}-share-progress-label`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={rounded}
        >
          <div className="progress-bar-fill" style={{ width: `${rounded}%` }} />
        </div>
      </div>
      {notice ? (
        <p className="form-message form-message-success" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

import { useEffect, useId } from 'react';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto, MatchProgress } from '../types';
import { matchProgressLabel, matchProgressOf, sharesLeftLabel } from '../workspace-rules';
import { ContentTypeBadge } from './content-badges';

type ShareQueuePanelProps = {
  queue: readonly ContentDto[];
  matches: readonly ContentDto[];
  /** 0-100. */
  progress: number;
  notice: string | null;
  /** The one-time notice goes away by itself after NOTICE_MS. */
  onDismissNotice?: () => void;
  onShare: (content: ContentDto) => void;
  /** Each selected match's delivered shares, by content id (none yet: 0). */
  matchProgress?: Readonly<Record<string, MatchProgress>>;
  /** A Free user's shares left today and the daily limit (null for Premium or not known yet). */
  sharesLeftToday?: number | null;
  dailyShareLimit?: number | null;
  /** The kept workspace is still loading. */
  loading?: boolean;
};

/** How long the one-time notice ('All content shared! Progress has been reset.') stays. */
export const NOTICE_MS = 8000;

/** SPEC §2 step 3 'Share and Manage': the own queue, the selected matches with a Share button each, and progress. */
export function ShareQueuePanel({
  queue,
  matches,
  progress,
  notice,
  onDismissNotice,
  onShare,
  matchProgress = {},
  sharesLeftToday = null,
  dailyShareLimit = null,
  loading = false,
}: ShareQueuePanelProps) {
  const id = useId();
  useEffect(() => {
    if (!notice || !onDismissNotice) return;
    const timer = setTimeout(onDismissNotice, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, onDismissNotice]);
  const rounded = Math.round(progress);
  const sharesLeft = sharesLeftLabel(sharesLeftToday, dailyShareLimit);
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
        {loading && matches.length === 0 ? (
          <p className="workspace-state" role="status">
            {WORKSPACE_MESSAGES.workspaceLoading}
          </p>
        ) : matches.length === 0 ? (
          <p className="workspace-state">{WORKSPACE_MESSAGES.matchesEmpty}</p>
        ) : (
          <ul className="queue-list" aria-label="Matched Contents">
            {matches.map((content) => (
              <li key={content.id} className="queue-item">
                <span className="queue-item-title">{content.title}</span>
                <span className="queue-item-progress">{matchProgressLabel(matchProgressOf(content, matchProgress))}</span>
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
        {sharesLeft ? <p className="shares-left">{sharesLeft}</p> : null}
      </div>
      {notice ? (
        <p className="form-message form-message-success" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

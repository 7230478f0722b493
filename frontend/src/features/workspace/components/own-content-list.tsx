import { LoadMore } from '@/components/ui/load-more';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto } from '../types';
import { formatDate, shareCountLabel } from '../workspace-rules';
import { pendingExplanation, reviewNotice } from '@/lib/exchange-texts';
import { ContentTypeBadge, ReportedBadge, StatusBadge } from './content-badges';
import { SelectToggle } from './select-toggle';
import { toggleOnCardClick } from './selectable-item';

type OwnContentListProps = {
  contents: readonly ContentDto[];
  status: 'idle' | 'loading' | 'ready' | 'error' | 'invalid';
  error: string | null;
  selectedIds: readonly string[];
  onToggle: (content: ContentDto) => void;
  /** How many own contents there are in all: while more than listed, "Load more" fetches the next page. */
  total?: number;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** The next step from the empty list: opens the Add New Content panel (no button without it). */
  onAddContent?: () => void;
};

/**
 * SPEC §2 User's own content list: items toggle selected on click, Space or Enter (the select button takes
 * the keys; a click anywhere on the card body toggles too).
 */
export function OwnContentList({
  contents,
  status,
  error,
  selectedIds,
  onToggle,
  total = 0,
  loadingMore = false,
  onLoadMore,
  onAddContent,
}: OwnContentListProps) {
  if (status === 'loading' || status === 'idle') return <p className="workspace-state" role="status">{WORKSPACE_MESSAGES.ownLoading}</p>;
  if (status === 'error') return <p className="workspace-state form-message-error" role="alert">{error ?? WORKSPACE_MESSAGES.ownFetchFailed}</p>;
  if (status === 'invalid' || !Array.isArray(contents)) return <p className="workspace-state form-message-error" role="alert">{WORKSPACE_MESSAGES.ownInvalid}</p>;
  if (contents.length === 0) {
    return (
      <div className="workspace-empty">
        <p className="workspace-state">{WORKSPACE_MESSAGES.ownEmpty}</p>
        {onAddContent ? (
          <button type="button" className="button button-primary" onClick={onAddContent}>
            Add content
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <>
      <ul className="workspace-list" aria-label="Your content">
        {contents.map((content) => {
          const selected = selectedIds.includes(content.id);
          const toggle = () => onToggle(content);
          return (
            // The card body is a mouse shortcut for its select button (keyboard users have the button).
            <li key={content.id} className={selected ? 'content-card is-selected' : 'content-card'} onClick={toggleOnCardClick(toggle)}>
              <SelectToggle title={content.title} selected={selected} onToggle={toggle} />
              <div className="content-card-head">
                <a className="content-card-title" href={content.url} target="_blank" rel="noopener noreferrer">
                  {content.title}
                </a>
                <ContentTypeBadge type={content.content_type} />
                <StatusBadge status={content.status} />
                <ReportedBadge moderationStatus={content.moderation_status} reason={content.moderation_reason} />
              </div>
              <p className="content-card-meta">
                Submitted <time dateTime={content.created_at}>{formatDate(content.created_at)}</time>
                {' · '}
                <span>{shareCountLabel(content.share_count)}</span>
              </p>
              {content.owner_status === 'pending' ? <p className="content-card-note">{pendingExplanation(content.required_shares)}</p> : null}
              {content.under_review ? (
                <p className="content-card-note content-card-review" role="note">
                  {reviewNotice(content.moderation_reason)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {onLoadMore ? <LoadMore shown={contents.length} total={total} loading={loadingMore} onLoadMore={onLoadMore} what="contents" /> : null}
    </>
  );
}

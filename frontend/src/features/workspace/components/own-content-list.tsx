import type { LoadStatus } from '../stores/workspace-slice';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto } from '../types';
import { formatDate, shareCountLabel } from '../workspace-rules';
import { ContentTypeBadge, StatusBadge } from './content-badges';
import { keepInside, selectableItemProps } from './selectable-item';

type OwnContentListProps = {
  contents: readonly ContentDto[];
  status: LoadStatus | 'invalid';
  error: string | null;
  selectedIds: readonly string[];
  onToggle: (content: ContentDto) => void;
};

/** SPEC §2 User's own content list: items toggle selected on click, Space or Enter. */
export function OwnContentList({ contents, status, error, selectedIds, onToggle }: OwnContentListProps) {
  if (status === 'loading' || status === 'idle') return <p className="workspace-state" role="status">{WORKSPACE_MESSAGES.ownLoading}</p>;
  if (status === 'error') return <p className="workspace-state form-message-error" role="alert">{error ?? WORKSPACE_MESSAGES.ownFetchFailed}</p>;
  if (status === 'invalid' || !Array.isArray(contents)) return <p className="workspace-state form-message-error" role="alert">{WORKSPACE_MESSAGES.ownInvalid}</p>;
  if (contents.length === 0) return <p className="workspace-state">{WORKSPACE_MESSAGES.ownEmpty}</p>;

  return (
    <ul className="workspace-list" role="listbox" aria-multiselectable="true" aria-label="Your content">
      {contents.map((content) => {
        const selected = selectedIds.includes(content.id);
        return (
          <li
            key={content.id}
            className={selected ? 'content-card is-selected' : 'content-card'}
            aria-label={content.title}
            {...selectableItemProps(selected, () => onToggle(content))}
          >
            <div className="content-card-head">
              <a className="content-card-title" href={content.url} target="_blank" rel="noopener noreferrer" onClick={keepInside} onKeyDown={keepInside}>
                {content.title}
              </a>
              <ContentTypeBadge type={content.content_type} />
              <StatusBadge status={content.status} />
            </div>
            <p className="content-card-meta">
              Submitted <time dateTime={content.created_at}>{formatDate(content.created_at)}</time>
              {' · '}
              <span>{shareCountLabel(content.share_count)}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

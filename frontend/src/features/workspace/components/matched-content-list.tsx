import { useId } from 'react';
import { WORKSPACE_MESSAGES } from '../messages';
import type { ContentDto, MatchedContentDto, RankBasisDto } from '../types';
import { MATCHED_ITEMS, dedupeCategories, formatDate, shareCountLabel } from '../workspace-rules';
import { ContentTypeBadge } from './content-badges';
import { SelectToggle } from './select-toggle';
import { toggleOnCardClick } from './selectable-item';

export type CreatorRef = { userId: string; username: string };

/** How a Premium filter ranked the list, read from what the server says ranked its items. */
function rankingCaption(items: readonly MatchedContentDto[]): string | null {
  const kind = items.find((item) => item.rank_basis)?.rank_basis?.kind;
  if (kind === 'overlap') return WORKSPACE_MESSAGES.rankedCaption;
  if (kind === 'engagement') return WORKSPACE_MESSAGES.topPerformersCaption;
  return null;
}

/** The number that ranked one item, in words (the caption says what it means). */
function rankBasisText(basis: RankBasisDto): string {
  return basis.kind === 'overlap'
    ? WORKSPACE_MESSAGES.rankBasisOverlap(basis.value, basis.categories, basis.interests)
    : WORKSPACE_MESSAGES.rankBasisEngagement(basis.value);
}

type MatchedContentListProps = {
  /** Under a Premium view filter each match carries the number that ranked it (`rank_basis`). */
  items: readonly MatchedContentDto[];
  loading: boolean;
  error: string | null;
  /** A non-empty list replaces the matches. */
  searchResults?: readonly ContentDto[] | null;
  selectedIds: readonly string[];
  onToggle: (content: ContentDto) => void;
  onOpenCreator: (creator: CreatorRef) => void;
  onFlag: (contentId: string) => void;
};

/**
 * SPEC §2 Matched content list: up to 4 matches (or the search results), each selectable with its select
 * button (Space or Enter) or a click on the card. Under Ranked content or Top performers, one line says how
 * the list was ranked and each item shows the number that ranked it.
 */
export function MatchedContentList({
  items,
  loading,
  error,
  searchResults,
  selectedIds,
  onToggle,
  onOpenCreator,
  onFlag,
}: MatchedContentListProps) {
  const captionId = useId();
  const showingSearch = Boolean(searchResults && searchResults.length > 0);
  const shown: readonly MatchedContentDto[] = showingSearch && searchResults ? searchResults : items.slice(0, MATCHED_ITEMS);
  const caption = showingSearch ? null : rankingCaption(shown);

  if (!showingSearch) {
    if (loading) return <p className="workspace-state" role="status">{WORKSPACE_MESSAGES.matchedLoading}</p>;
    if (error) return <p className="workspace-state form-message-error" role="alert">{error}</p>;
    if (shown.length === 0) return <p className="workspace-state">{WORKSPACE_MESSAGES.matchedEmpty}</p>;
  }

  const list = (
    <ul
      className="workspace-list"
      aria-label={showingSearch ? 'Search results' : 'Matched content'}
      aria-describedby={caption ? captionId : undefined}
    >
      {shown.map((content) => {
        const selected = selectedIds.includes(content.id);
        const creator = content.user?.username || 'Unknown';
        const toggle = () => onToggle(content);
        return (
          // The card body is a mouse shortcut for its select button (keyboard users have the button).
          <li key={content.id} className={selected ? 'content-card is-selected' : 'content-card'} onClick={toggleOnCardClick(toggle)}>
            <SelectToggle title={content.title} selected={selected} onToggle={toggle} />
            <div className="content-card-head">
              <h3 className="content-card-title">{content.title}</h3>
              <ContentTypeBadge type={content.content_type} />
            </div>
            <p className="content-card-meta">
              <time dateTime={content.created_at}>{formatDate(content.created_at)}</time>
              {' · '}
              <button
                type="button"
                className="link-button"
                onClick={() => onOpenCreator({ userId: content.user?.id ?? '', username: creator })}
              >
                by {creator}
              </button>
              {' · '}
              <span>{shareCountLabel(content.share_count)}</span>
            </p>
            {!showingSearch && content.rank_basis ? (
              <p className="content-card-meta" data-testid="rank-basis">
                <strong>{rankBasisText(content.rank_basis)}</strong>
              </p>
            ) : null}
            {dedupeCategories(content.categories).length > 0 ? (
              <ul className="category-list" aria-label="Categories">
                {dedupeCategories(content.categories).map((category) => (
                  <li key={category} className="category-chip">
                    {category}
                  </li>
                ))}
              </ul>
            ) : null}
            <button
              type="button"
              className="button button-ghost content-card-flag"
              aria-label={`Flag ${content.title}`}
              onClick={() => onFlag(content.id)}
            >
              Flag
            </button>
          </li>
        );
      })}
    </ul>
  );
  if (!caption) return list;
  return (
    <>
      <p id={captionId} className="content-card-meta" style={{ marginBottom: '0.5rem' }} data-testid="ranking-caption">
        {caption}
      </p>
      {list}
    </>
  );
}

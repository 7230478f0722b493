type LoadMoreProps = {
  /** Items shown now, and in the whole list (`X-Total-Count`). Nothing renders once all are shown. */
  shown: number;
  total: number;
  loading: boolean;
  onLoadMore: () => void;
  /** What the list holds, for the button's accessible name ('Load more notifications'). */
  what: string;
};

/**
 * The "Load more" button under a paged list: a plain button, so keyboard and screen-reader users page the
 * same way as everyone, with how many of the total are shown.
 */
export function LoadMore({ shown, total, loading, onLoadMore, what }: LoadMoreProps) {
  if (shown >= total) return null;
  return (
    <div className="load-more">
      <button type="button" className="button button-ghost button-small" disabled={loading} onClick={onLoadMore}>
        {loading ? (
          'Loading more...'
        ) : (
          <>
            Load more <span className="visually-hidden">{what}</span>
          </>
        )}
      </button>
      <span className="load-more-count">
        {shown} of {total} shown
      </span>
    </div>
  );
}

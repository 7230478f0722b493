import { RetryAlert } from '@/components/ui/retry-alert';
import type { CategoriesState } from '../hooks/use-audience-categories';
import { CATEGORIES_EMPTY, CATEGORIES_LOADING } from '../messages';

const clicksText = (count: number): string => `${count.toLocaleString('en-US')} click${count === 1 ? '' : 's'}`;

/** The categories of content the caller's contacts click, most clicked first, each with its share of the clicks. */
export function CategoryClicks({ state, onRetry }: { state: CategoriesState; onRetry: () => void }) {
  if (state.status === 'loading') return <p role="status">{CATEGORIES_LOADING}</p>;
  if (state.status === 'error' || state.status === 'forbidden') return <RetryAlert className="insights-error" message={state.message} onRetry={onRetry} />;
  const { total_clicks: total, categories } = state.data;
  if (total === 0) return <p className="insights-empty">{CATEGORIES_EMPTY}</p>;
  return (
    <>
      <p className="insights-total">{clicksText(total)} from your contacts in all</p>
      {categories.length === 0 ? (
        <p className="insights-empty">None of the content they clicked has a category.</p>
      ) : (
        <ul className="insights-categories" aria-label="Clicks by category">
          {categories.map((item) => (
            <li key={item.category} className="insights-category">
              <span className="insights-category-name">{item.category}</span>
              <span className="insights-category-figures">
                {clicksText(item.clicks)} · {item.percent}%
              </span>
              <span className="insights-bar" aria-hidden="true">
                <span className="insights-bar-fill" style={{ width: `${item.percent}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

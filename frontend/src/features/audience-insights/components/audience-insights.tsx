import { Link } from 'react-router-dom';
import { useAppStore } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import { useAudienceCategories } from '../hooks/use-audience-categories';
import { useAudienceOverlap } from '../hooks/use-audience-overlap';
import { explain } from '../utils/overlap-texts';
import { AudienceInsightsUpsell } from './audience-insights-upsell';
import { CategoryClicks } from './category-clicks';
import { OverlapList } from './overlap-list';
import '../audience-insights.css';

/**
 * Premium audience insights: how the caller's audience overlaps with each partner's (creators they
 * exchanged delivered shares with, both ways) and which content categories their contacts click. Free users see the
 * upsell; the server refuses them too (403), which shows the same upsell with its reason.
 */
export function AudienceInsights() {
  const isPremium = useAppStore(selectIsPremium);
  const overlap = useAudienceOverlap(isPremium);
  const categories = useAudienceCategories(isPremium);

  if (!isPremium) return <AudienceInsightsUpsell />;
  const refused = overlap.state.status === 'forbidden' ? overlap.state : categories.state.status === 'forbidden' ? categories.state : null;
  if (refused) return <AudienceInsightsUpsell detail={refused.message} />;

  return (
    <div className="audience-insights">
      <section className="insights-card" aria-labelledby="insights-overlap-title">
        <h2 id="insights-overlap-title" className="insights-heading">
          Audience overlap with your partners
        </h2>
        <p className="insights-lead">
          Partners are the creators whose content you shared with your contacts and who shared yours. Only counts and
          percentages are shown: never whose contacts they are.
        </p>
        <OverlapList state={overlap.state} onRetry={overlap.reload} onLoadMore={overlap.loadMore} />
      </section>
      <section className="insights-card" aria-labelledby="insights-categories-title">
        <h2 id="insights-categories-title" className="insights-heading">
          What your contacts click
        </h2>
        <p className="insights-lead">{explain.categories()}</p>
        <CategoryClicks state={categories.state} onRetry={categories.reload} />
      </section>
      <p>
        <Link to="/app/home">Back to your workspace</Link>
      </p>
    </div>
  );
}

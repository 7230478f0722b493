import { Modal } from '@/components/ui/modal';
import { ScoreParts, scorePartsOf } from '@/components/ui/score-parts';
import { loadStateOf } from '@/lib/query/load-state';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { scoreBarWidth, scoreTone } from '@/lib/audience-score';
import { getCreatorProfile, type CreatorProfile } from '../api/get-creator-profile';
import { getUserAnalytics, type UserAnalytics } from '../api/get-user-analytics';
import { ANALYTICS_FETCH_FAILED } from '../messages';
import { dedupeCategories, shareRate } from '../utils/share-stats';
import '../creators.css';

type CreatorProfileModalProps = {
  open: boolean;
  /** The creator whose profile and statistics are shown; null shows nothing to load. */
  userId: string | null;
  /** Shown at once, before the profile answers. */
  username: string;
  onClose: () => void;
};

/** The creator's profile and statistics in the query cache: read at each opening, dropped when the modal closes. */
const creatorProfileKey = (userId: string | null) => ['creators', 'profile', userId] as const;
const creatorAnalyticsKey = (userId: string | null) => ['creators', 'analytics', userId] as const;

const isAnalytics = (value: unknown): value is UserAnalytics =>
  typeof value === 'object' && value !== null && 'total_content_shares' in value;

const asCount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * SPEC §2 Creator profile: avatar, username, categories, the 'Share Statistics' block and the
 * Shares Achieved / Views Received tiles. Both calls are made afresh at each opening (queries dropped on close).
 *
 * - Share rate = successful_cross_promotions / total_content_shares × 100 (2 decimals; 0.00 without shares).
 * - Shares Achieved is total_content_shares (shares the creator's contents received).
 * - Views Received is total_views (people's clicks on the creator's short links) when the API sends it, else 'N/A'.
 */
export function CreatorProfileModal({ open, userId, username, onClose }: CreatorProfileModalProps) {
  const shown = open && userId !== null;
  // The profile only adds the avatar and categories; without it (a failure, an empty answer) the modal still shows the statistics.
  const profileQuery = useShownQuery(
    {
      queryKey: creatorProfileKey(userId),
      queryFn: async ({ signal }) => {
        const answer = await getCreatorProfile(userId!, signal);
        return answer && typeof answer === 'object' ? answer : null;
      },
    },
    shown,
  );
  const profile: CreatorProfile | null = profileQuery.data ?? null;
  const analyticsQuery = useShownQuery(
    {
      queryKey: creatorAnalyticsKey(userId),
      queryFn: async ({ signal }) => {
        const answer = await getUserAnalytics(userId!, signal);
        return isAnalytics(answer) ? answer : null;
      },
    },
    shown,
  );
  const analytics = loadStateOf(analyticsQuery, ANALYTICS_FETCH_FAILED);

  const displayName = profile?.username || username;
  const categories = dedupeCategories(profile?.categories);

  let statistics;
  if (!userId) {
    statistics = <p className="modal-empty">No analytics data available.</p>;
  } else if (analytics.status === 'loading') {
    statistics = <p role="status">Loading analytics…</p>;
  } else if (analytics.status === 'error') {
    statistics = (
      <p className="form-message form-message-error" role="alert">
        {analytics.message}
      </p>
    );
  } else if (!analytics.data) {
    statistics = <p className="modal-empty">No analytics data available.</p>;
  } else {
    const data = analytics.data;
    const totalShares = asCount(data.total_content_shares);
    const promotions = asCount(data.successful_cross_promotions);
    const score = typeof data.audience_score === 'number' && Number.isFinite(data.audience_score) ? data.audience_score : null;
    const viewCount = data.total_views;
    const parts = scorePartsOf(data.score_parts);
    statistics = (
      <>
        <div className="creator-score">
          <h4>Audience Score</h4>
          {score === null ? (
            <p className="modal-empty">No audience score available.</p>
          ) : (
            <>
              <div
                className="creator-score-track"
                role="meter"
                aria-label="Audience score"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={scoreBarWidth(score)}
              >
                <div
                  className={`creator-score-bar creator-score-${scoreTone(score)}`}
                  data-testid="audience-score-bar"
                  style={{ width: `${scoreBarWidth(score)}%` }}
                />
              </div>
              <p className="creator-score-value">{Number.isInteger(score) ? score : score.toFixed(1)} / 100</p>
              {parts.length > 0 ? (
                <details className="score-details">
                  <summary>How this score is computed</summary>
                  <ScoreParts parts={parts} label={`Parts of ${displayName}'s audience score`} />
                </details>
              ) : null}
            </>
          )}
        </div>
        <dl className="creator-stats">
          <div>
            <dt>Total content shares</dt>
            <dd>{totalShares}</dd>
          </div>
          <div>
            <dt>Successful cross-promotions</dt>
            <dd>{promotions}</dd>
          </div>
          <div>
            <dt>Share rate</dt>
            <dd>{shareRate(promotions, totalShares)}%</dd>
          </div>
        </dl>
        <ul className="creator-tiles" aria-label="Achievements">
          <li className="creator-tile">
            <span className="creator-tile-value">{totalShares}</span>
            <span className="creator-tile-label">Shares Achieved</span>
          </li>
          <li className="creator-tile">
            <span className="creator-tile-value">{typeof viewCount === 'number' ? viewCount : 'N/A'}</span>
            <span className="creator-tile-label">Views Received</span>
          </li>
        </ul>
      </>
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Creator profile" className="modal-wide">
      <div className="creator-profile">
        <div className="creator-header">
          {profile?.avatar_url ? (
            <img className="creator-avatar" src={profile.avatar_url} alt={`${displayName}'s avatar`} />
          ) : (
            <span className="creator-avatar creator-avatar-initial" aria-hidden="true">
              {(displayName || '?').charAt(0).toUpperCase()}
            </span>
          )}
          <div>
            <h3 className="creator-username">{displayName}</h3>
            {categories.length > 0 ? (
              <ul className="creator-categories" aria-label="Categories">
                {categories.map((category) => (
                  <li key={category.toLowerCase()} className="creator-category">
                    {category}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
        <section className="creator-statistics" aria-label="Share Statistics">
          <h4 className="creator-section-title">Share Statistics</h4>
          {statistics}
        </section>
      </div>
    </Modal>
  );
}

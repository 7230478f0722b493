import { Link } from 'react-router-dom';
import { UPSELL_PITCH } from '../messages';

/** What a Free user sees instead of the insights: what they are, and the way to Premium. */
export function AudienceInsightsUpsell({ detail }: { detail?: string }) {
  return (
    <section className="insights-card insights-upsell" aria-labelledby="insights-upsell-title">
      <h2 id="insights-upsell-title" className="insights-heading">
        <span className="insights-badge">Premium</span> Unlock audience insights
      </h2>
      {detail ? <p role="alert">{detail}</p> : null}
      <p>{UPSELL_PITCH}</p>
      <ul className="insights-upsell-list">
        <li>How many contacts you share with each creator you exchange shares with, as counts and percentages.</li>
        <li>Which content categories your contacts click.</li>
        <li>Computed on our server from one-way hashes: no one ever sees another creator&rsquo;s contacts.</li>
      </ul>
      <Link to="/pricing" className="button button-primary insights-upsell-button">
        Upgrade to Premium
      </Link>
    </section>
  );
}

import { useId } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { AudienceOverlap } from '../api/get-audience-overlap';
import type { OverlapState } from '../hooks/use-audience-overlap';
import { OVERLAP_EMPTY, OVERLAP_LOADING } from '../messages';
import { exchangeSummary, explain, formatCount, partnerName, snapshotNote, withheld } from '../utils/overlap-texts';

/** One number, its label and the sentence saying how it is computed. */
function Figure({ label, value, explanation, percent }: { label: string; value: string; explanation: string; percent?: number }) {
  const explanationId = useId();
  return (
    <div className="insights-figure">
      <dt>{label}</dt>
      <dd aria-describedby={explanationId}>
        <span className="insights-value">{value}</span>
        {percent !== undefined ? (
          <span className="insights-bar" aria-hidden="true">
            <span className="insights-bar-fill" style={{ width: `${percent}%` }} />
          </span>
        ) : null}
      </dd>
      <dd id={explanationId} className="insights-explanation">
        {explanation}
      </dd>
    </div>
  );
}

function withheldText(item: AudienceOverlap, name: string): string | null {
  switch (item.status) {
    case 'few':
      return withheld.few();
    case 'your_audience_small':
      return withheld.yourAudienceSmall();
    case 'their_audience_small':
      return withheld.theirAudienceSmall(name);
    default:
      return null;
  }
}

function PartnerOverlap({ item }: { item: AudienceOverlap }) {
  const headingId = useId();
  const name = partnerName(item.partner_username);
  const hidden = withheldText(item, name);
  const shown = item.status === 'shown' && item.shared_contacts !== null;
  return (
    <li className="insights-partner" aria-labelledby={headingId}>
      <h3 id={headingId} className="insights-partner-name">
        {item.partner_username ?? 'A partner'}
      </h3>
      <p className="insights-exchange">{exchangeSummary(item.shares_given, item.shares_received)}</p>
      {shown ? (
        <dl className="insights-figures">
          <Figure label="Shared contacts" value={formatCount(item.shared_contacts ?? 0)} explanation={explain.shared(name)} />
          <Figure
            label="Of your audience"
            value={`${item.percent_of_my_audience ?? 0}%`}
            percent={item.percent_of_my_audience ?? 0}
            explanation={explain.ofMine()}
          />
          <Figure
            label={`Of ${name}\u2019s audience`}
            value={`${item.percent_of_their_audience ?? 0}%`}
            percent={item.percent_of_their_audience ?? 0}
            explanation={explain.ofTheirs(name)}
          />
        </dl>
      ) : (
        <p className="insights-withheld">{hidden}</p>
      )}
    </li>
  );
}

/** The overlap with each partner, with its loading, empty and error states and "Load more". */
export function OverlapList({ state, onRetry, onLoadMore }: { state: OverlapState; onRetry: () => void; onLoadMore: () => void }) {
  if (state.status === 'loading') return <p role="status">{OVERLAP_LOADING}</p>;
  if (state.status === 'error' || state.status === 'forbidden') return <RetryAlert className="insights-error" message={state.message} onRetry={onRetry} />;
  if (state.items.length === 0) return <p className="insights-empty">{OVERLAP_EMPTY}</p>;
  const [first] = state.items;
  return (
    <>
      {first?.lists_as_of ? <p className="insights-snapshot">{snapshotNote(first.lists_as_of)}</p> : null}
      <ul className="insights-partners" aria-label="Partners">
        {state.items.map((item) => (
          <PartnerOverlap key={item.partner_id} item={item} />
        ))}
      </ul>
      {state.moreError ? (
        <p className="form-message form-message-error" role="alert">
          {state.moreError}
        </p>
      ) : null}
      <LoadMore shown={state.items.length} total={state.total} loading={state.loadingMore} onLoadMore={onLoadMore} what="partners" />
    </>
  );
}

import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { contentAnalyticsKeys } from '../api/content-analytics-queries';
import { getContentAttribution, type ContentAttribution } from '../api/get-content-attribution';

export const ATTRIBUTION_TEXTS = {
  title: 'Who brought the clicks',
  choose: 'Choose a content…',
  select: 'Attribution for',
  loading: 'Loading attribution…',
  failed: 'Failed to fetch attribution.',
  empty: 'Nobody has shared this content yet, and no one has clicked its links.',
  unique: "Unique clicks count each visitor once a day (a few per address, at most 100 anonymous ones a day). Bots are never counted.",
  othersContacts: 'Their contacts stay private: counts only.',
} as const;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * Manage → Analytics, below the SPEC table: for one chosen content, each sharer's shares, contacts reached,
 * people's clicks in all and unique, and conversions (GET /content/{id}/attribution). The owner's own
 * contacts are named; other sharers' contacts are counts only.
 */
export function ContentAttributionPanel({ contents }: { contents: readonly ContentDto[] }) {
  const selectId = useId();
  const [contentId, setContentId] = useState('');
  const attributionKey = contentAnalyticsKeys.attribution(contentId);
  // Nothing is asked until a content is chosen; each choice is read from its loading state (a content no
  // longer chosen is cancelled and dropped), as is a Retry.
  const attributionQuery = useQuery(
    {
      queryKey: attributionKey,
      queryFn: async ({ signal }) => {
        const attribution = await getContentAttribution(contentId, signal);
        if (!attribution || !Array.isArray(attribution.sharers)) throw new Error(ATTRIBUTION_TEXTS.failed);
        return attribution;
      },
      enabled: contentId !== '',
    },
    queryClient,
  );
  const retry = () => void queryClient.resetQueries({ queryKey: attributionKey, exact: true });

  let body = null;
  if (contentId !== '') {
    if (attributionQuery.isPending) body = <p role="status">{ATTRIBUTION_TEXTS.loading}</p>;
    else if (attributionQuery.isError) {
      body = <RetryAlert className="manage-error" message={errorMessage(attributionQuery.error, ATTRIBUTION_TEXTS.failed)} onRetry={retry} />;
    } else body = <AttributionView attribution={attributionQuery.data} />;
  }

  return (
    <section className="attribution" aria-label={ATTRIBUTION_TEXTS.title}>
      <h3 className="attribution-title">{ATTRIBUTION_TEXTS.title}</h3>
      <label htmlFor={selectId} className="attribution-label">
        {ATTRIBUTION_TEXTS.select}
      </label>{' '}
      <select
        id={selectId}
        value={contentId}
        onChange={(event) => {
          setContentId(event.target.value);
        }}
      >
        <option value="">{ATTRIBUTION_TEXTS.choose}</option>
        {contents.map((content) => (
          <option key={content.id} value={content.id}>
            {content.title}
          </option>
        ))}
      </select>
      {body}
    </section>
  );
}

/** One content's attribution: totals, a row per sharer (the owner's own contacts named), unattributed. */
export function AttributionView({ attribution }: { attribution: ContentAttribution }) {
  const { totals, sharers, unattributed } = attribution;
  if (sharers.length === 0 && totals.clicks === 0 && totals.conversions === 0) {
    return <p className="modal-empty">{ATTRIBUTION_TEXTS.empty}</p>;
  }
  return (
    <div className="attribution-body">
      <p className="attribution-totals">
        {plural(totals.clicks, 'click')} in all, {totals.unique_clicks} unique; {plural(totals.conversions, 'conversion')}.
      </p>
      <p className="attribution-hint">{ATTRIBUTION_TEXTS.unique}</p>
      <div className="analytics-table-scroll" role="region" aria-label="Clicks and conversions by sharer" tabIndex={0}>
        <table className="analytics-table attribution-table">
          <caption className="visually-hidden">Clicks and conversions by sharer</caption>
          <thead>
            <tr>
              <th scope="col">Sharer</th>
              <th scope="col">Shares</th>
              <th scope="col">Contacts reached</th>
              <th scope="col">Clicks</th>
              <th scope="col">Unique clicks</th>
              <th scope="col">Conversions</th>
            </tr>
          </thead>
          <tbody>
            {sharers.map((sharer) => (
              <Fragment key={sharer.sharer_id}>
                <tr>
                  <th scope="row">
                    {sharer.is_you ? 'You' : sharer.username}
                    {!sharer.is_you ? <span className="attribution-private">{ATTRIBUTION_TEXTS.othersContacts}</span> : null}
                  </th>
                  <td>{sharer.shares}</td>
                  <td>{sharer.contacts_reached}</td>
                  <td>{sharer.clicks}</td>
                  <td>{sharer.unique_clicks}</td>
                  <td>{sharer.conversions}</td>
                </tr>
                {/* The owner's contacts take a row of their own across the table, so the columns keep their width. */}
                {sharer.is_you && sharer.contacts && sharer.contacts.length > 0 ? (
                  <tr className="attribution-contacts-row">
                    <td colSpan={6}>
                      <ul className="attribution-contacts" aria-label="Your contacts who engaged">
                        {sharer.contacts.map((contact) => (
                          <li key={contact.contact_id}>
                            {contact.name}: {plural(contact.clicks, 'click')} ({contact.unique_clicks} unique), {plural(contact.conversions, 'conversion')}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
            {unattributed.clicks > 0 || unattributed.conversions > 0 ? (
              <tr>
                <th scope="row">Without a known contact</th>
                <td>–</td>
                <td>–</td>
                <td>{unattributed.clicks}</td>
                <td>{unattributed.unique_clicks}</td>
                <td>{unattributed.conversions}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}

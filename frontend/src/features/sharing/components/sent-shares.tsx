import { useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query/query-client';
import { getSentShares, type SentShare } from '../api/get-sent-shares';
import { SENT_UNCOUNTED_LABELS, SHARE_REASON_LABELS, reachedCountedText, sentSharesTitle } from '../messages';

const SHOWN = 10;

/** Only well-formed rows are listed: a list that cannot be read shows nothing rather than garbage. */
const isSentShare = (value: unknown): value is SentShare =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SentShare).id === 'string' &&
  typeof (value as SentShare).shared_at === 'string' &&
  Array.isArray((value as SentShare).reached);

const nameOf = (contact: { name: string | null; email: string | null }) => contact.name ?? contact.email ?? 'a removed contact';

type SentSharesProps = { contentId: string };

/**
 * What the user's earlier shares of this content sent and to whom (the exchange: a share counts once per
 * person reached): per share how many it reached and counted, the note, and why a contact did not count or
 * was not sent to. Shown under the contacts; nothing while it loads, and nothing if it cannot be read, since
 * the contact list already marks who has the content.
 */
export function SentShares({ contentId }: SentSharesProps) {
  const { data: sent } = useQuery(
    {
      queryKey: ['sent-shares', contentId],
      queryFn: async ({ signal }) => {
        const { items, total } = await getSentShares(contentId, SHOWN, signal);
        return { shares: (Array.isArray(items) ? items : []).filter(isSentShare), total };
      },
    },
    queryClient,
  );

  if (!sent || sent.shares.length === 0) return null;
  return (
    <details className="share-sent">
      <summary>{sentSharesTitle(sent.total)}</summary>
      <ul className="share-sent-list">
        {sent.shares.map((share) => {
          // Shares listed before the per-person rule carry no flags: each contact they reached counted.
          const counted = typeof share.counted === 'number' ? share.counted : share.reached.filter((contact) => contact.counted !== false).length;
          const skipped = Array.isArray(share.skipped) ? share.skipped : [];
          return (
            <li key={share.id} className="share-sent-item">
              <p className="share-sent-head">
                <time dateTime={share.shared_at}>{new Date(share.shared_at).toLocaleString()}</time>
                {': '}
                {reachedCountedText(share.reached.length, counted)}
              </p>
              {share.note ? <p className="share-sent-note">{`\u201c${share.note}\u201d`}</p> : null}
              <ul className="share-sent-contacts">
                {share.reached.map((contact) => (
                  <li key={`reached-${contact.id}`}>
                    {nameOf(contact)}
                    {contact.counted === false ? (
                      <span className="share-contact-reason">{` (${contact.reason ? SENT_UNCOUNTED_LABELS[contact.reason] ?? contact.reason : SENT_UNCOUNTED_LABELS.match_complete})`}</span>
                    ) : null}
                  </li>
                ))}
                {skipped.map((contact) => (
                  <li key={`skipped-${contact.id}`} className="share-sent-skipped">
                    {nameOf(contact)}
                    <span className="share-contact-reason">{` (Not sent: ${SHARE_REASON_LABELS[contact.reason] ?? contact.reason})`}</span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      {sent.total > sent.shares.length ? <p className="share-sent-more">{`The ${SHOWN} most recent are shown.`}</p> : null}
    </details>
  );
}

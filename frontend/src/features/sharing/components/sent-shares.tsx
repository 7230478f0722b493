import { useEffect, useState } from 'react';
import { getSentShares, type SentShare } from '../api/get-sent-shares';
import { sentSharesTitle } from '../messages';

const SHOWN = 10;

/** Only well-formed rows are listed: a list that cannot be read shows nothing rather than garbage. */
const isSentShare = (value: unknown): value is SentShare =>
  typeof value === 'object' && value !== null && typeof (value as SentShare).id === 'string' && typeof (value as SentShare).shared_at === 'string' && Array.isArray((value as SentShare).reached);

type SentSharesProps = { contentId: string };

/**
 * What the user's earlier shares of this content sent and to whom (the exchange: a share counts once per
 * contact reached). Shown under the contacts; nothing while it loads, and nothing if it cannot be read,
 * since the contact list already marks who has the content.
 */
export function SentShares({ contentId }: SentSharesProps) {
  const [sent, setSent] = useState<{ shares: SentShare[]; total: number } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setSent(null);
    getSentShares(contentId, SHOWN, controller.signal).then(
      ({ items, total }) => {
        if (!controller.signal.aborted) setSent({ shares: (Array.isArray(items) ? items : []).filter(isSentShare), total });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [contentId]);

  if (!sent || sent.shares.length === 0) return null;
  return (
    <details className="share-sent">
      <summary>{sentSharesTitle(sent.total)}</summary>
      <ul className="share-sent-list">
        {sent.shares.map((share) => (
          <li key={share.id}>
            <time dateTime={share.shared_at}>{new Date(share.shared_at).toLocaleString()}</time>
            {': '}
            {share.reached.map((contact) => contact.name ?? contact.email ?? 'a removed contact').join(', ')}
          </li>
        ))}
      </ul>
      {sent.total > sent.shares.length ? <p className="share-sent-more">{`The ${SHOWN} most recent are shown.`}</p> : null}
    </details>
  );
}

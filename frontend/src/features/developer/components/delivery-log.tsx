import { useEffect, useId, useRef } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { loadStateOf } from '@/lib/query/load-state';
import { queryClient } from '@/lib/query/query-client';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { deliveriesKey, getDeliveries, type Webhook, type WebhookDelivery } from '../api/webhooks';
import { formatDateTime, formatDuration } from '../format';
import { DELIVERIES_FETCH_FAILED, NO_DELIVERIES } from '../messages';

type DeliveryLogProps = {
  webhook: Webhook;
  /** A resend is on its way for this delivery. */
  resending: string | null;
  onResend: (delivery: WebhookDelivery) => void;
  onClose: () => void;
};

/** What came back: the receiver's status code, else why there was none (a timeout, a refused connection). */
function responseText(delivery: WebhookDelivery): string {
  if (delivery.response_code !== null) return String(delivery.response_code);
  return delivery.error ?? '—';
}

/**
 * One endpoint's last 100 deliveries, newest first (issue 26, item 3): each try's event, outcome, the
 * receiver's answer, how long it took, when, and which attempt, with Resend. Read while shown; Refresh
 * asks again (deliveries happen in the background).
 */
export function DeliveryLog({ webhook, resending, onResend, onClose }: DeliveryLogProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const key = deliveriesKey(webhook.id);
  const deliveriesQuery = useShownQuery({ queryKey: key, queryFn: ({ signal }) => getDeliveries(webhook.id, signal) }, true);
  const deliveries = loadStateOf(deliveriesQuery, DELIVERIES_FETCH_FAILED);

  // The log appears below the list: take the reader there (the focus once), its heading at the top once the
  // rows are in (while loading, the dialog may not scroll that far).
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [webhook.id]);
  useEffect(() => {
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  }, [webhook.id, deliveries.status]);

  let body;
  if (deliveries.status === 'loading') {
    body = <p role="status">Loading deliveries...</p>;
  } else if (deliveries.status === 'error') {
    body = <RetryAlert className="developer-error" message={deliveries.message} onRetry={() => void queryClient.resetQueries({ queryKey: key, exact: true })} />;
  } else if (deliveries.data.length === 0) {
    body = <p className="modal-empty">{NO_DELIVERIES}</p>;
  } else {
    body = (
      <div className="developer-table-wrap" role="region" aria-label="Deliveries" tabIndex={0}>
        <table className="developer-table">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Response</th>
              <th scope="col">Duration</th>
              <th scope="col">Time</th>
              <th scope="col">Attempt</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((delivery) => (
              <tr key={delivery.id}>
                <td>
                  <code>{delivery.event_type}</code>
                </td>
                <td>
                  <span className={`developer-status developer-status-${delivery.status === 'succeeded' ? 'ok' : 'failed'}`}>
                    {delivery.status === 'succeeded' ? 'Succeeded' : 'Failed'}
                  </span>
                </td>
                <td className="developer-response">{responseText(delivery)}</td>
                <td className="developer-number">{formatDuration(delivery.duration_ms)}</td>
                <td className="developer-time">{formatDateTime(delivery.created_at)}</td>
                <td className="developer-number">{delivery.attempt}</td>
                <td>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    disabled={resending !== null}
                    onClick={() => onResend(delivery)}
                  >
                    {resending === delivery.id ? 'Resending...' : 'Resend'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="developer-section developer-log" aria-labelledby={headingId}>
      <div className="developer-log-head">
        <h3 id={headingId} ref={headingRef} className="developer-heading" tabIndex={-1}>
          Delivery log <span className="developer-log-url">{webhook.url}</span>
        </h3>
        <div className="developer-actions">
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={deliveriesQuery.isFetching}
            onClick={() => void queryClient.invalidateQueries({ queryKey: key, exact: true })}
          >
            {deliveriesQuery.isFetching && deliveries.status !== 'loading' ? 'Refreshing...' : 'Refresh'}
          </button>
          <button type="button" className="button button-ghost button-small" onClick={onClose}>
            Hide log
          </button>
        </div>
      </div>
      {body}
    </section>
  );
}

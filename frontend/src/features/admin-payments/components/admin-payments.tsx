import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { toast } from '@/lib/toast';
import { getAdminPayments, type AdminPaymentDto } from '../api/get-admin-payments';
import { refundPayment } from '../api/refund-payment';
import { ADMIN_PAYMENTS_MESSAGES, confirmRefund, formatMoney } from '../messages';
import '../admin-payments.css';

/** The payments in the query cache, one list per filter (`?refundable=true` or not). */
const ADMIN_PAYMENTS_KEY = ['admin', 'payments'] as const;
const paymentsKey = (refundableOnly: boolean) => [...ADMIN_PAYMENTS_KEY, refundableOnly] as const;

const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
};

function statusOf(payment: AdminPaymentDto): string {
  if (payment.refunded_at) return `Refunded ${formatDate(payment.refunded_at)}`;
  if (payment.refundable) return `Refundable until ${formatDate(payment.refundable_until)}`;
  return 'Past the 14 days';
}

/**
 * Admin: recent Premium payments and the 14-day money-back refund (issue 23, finding 8). Standalone, for
 * the admin report to mount as a tab. Refund asks first; the server decides (admins only, within 14 days,
 * once), refunds through the payment provider and ends the account's Premium.
 */
export function AdminPayments() {
  const filterId = useId();
  const [refundableOnly, setRefundableOnly] = useState(true);
  // The list shown stays on screen while another filter's list, a Retry or the reload after a refund is read.
  const paymentsQuery = useQuery(
    {
      queryKey: paymentsKey(refundableOnly),
      queryFn: async ({ signal }) => (await getAdminPayments(refundableOnly, signal)).payments,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  const payments: AdminPaymentDto[] | null = paymentsQuery.data ?? null;
  // A failure is shown until the next read of the list starts.
  const loadError =
    paymentsQuery.isError && !paymentsQuery.isFetching ? errorMessage(paymentsQuery.error, ADMIN_PAYMENTS_MESSAGES.loadFailed) : null;
  const [pending, setPending] = useState<AdminPaymentDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [refundError, setRefundError] = useState<string | null>(null);

  const retry = () => void paymentsQuery.refetch();

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setRefundError(null);
    try {
      await refundPayment(pending.user_id);
      toast.success(ADMIN_PAYMENTS_MESSAGES.refunded);
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY });
    } catch (error) {
      setRefundError(errorMessage(error, ADMIN_PAYMENTS_MESSAGES.refundFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-payments" aria-labelledby={`${filterId}-heading`}>
      <div className="admin-payments-header">
        <h2 id={`${filterId}-heading`}>Premium payments</h2>
        <label className="checkbox" htmlFor={filterId}>
          <input id={filterId} type="checkbox" checked={refundableOnly} onChange={(event) => setRefundableOnly(event.target.checked)} />
          Refundable only (last 14 days)
        </label>
      </div>
      {loadError ? <RetryAlert message={loadError} onRetry={retry} /> : null}
      {payments === null && !loadError ? <p className="admin-payments-note">Loading...</p> : null}
      {payments !== null && payments.length === 0 ? <p className="admin-payments-note">{ADMIN_PAYMENTS_MESSAGES.empty}</p> : null}
      {payments !== null && payments.length > 0 ? (
        <div className="admin-payments-scroll" role="region" aria-label="Premium payments list" tabIndex={0}>
          <table className="admin-payments-table">
            <caption className="visually-hidden">Premium payments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Email</th>
                <th scope="col">Amount</th>
                <th scope="col">Paid</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={`${payment.user_id}-${payment.payment_id}`}>
                  <th scope="row">{payment.username}</th>
                  <td>{payment.email}</td>
                  <td>{formatMoney(payment.amount_cents, payment.currency)}</td>
                  <td>{formatDate(payment.paid_at)}</td>
                  <td>{statusOf(payment)}</td>
                  <td>
                    {payment.refundable ? (
                      <button
                        type="button"
                        className="button button-danger button-small"
                        aria-label={`Refund ${payment.username}`}
                        onClick={() => {
                          setRefundError(null);
                          setPending(payment);
                        }}
                      >
                        Refund
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title="Refund payment"
        message={pending ? confirmRefund(formatMoney(pending.amount_cents, pending.currency), pending.username) : ''}
        confirmLabel="Refund"
        busyLabel="Refunding..."
        danger
        busy={busy}
        error={refundError}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

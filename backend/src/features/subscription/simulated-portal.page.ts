import type { PaymentInvoice } from '@crossfeed/platform/payments/payments.port.ts';
import type { SimulatedPortalSession } from '@crossfeed/platform/payments/simulated-payments.ts';
import { formatBillingDate } from './subscription-view.ts';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const money = (cents: number, currency: string): string =>
  `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)} ${currency.toUpperCase()}`;

const PAGE_STYLE = `
    body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; display: grid; place-items: center; min-height: 100vh; }
    main { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); padding: 2rem; width: min(30rem, 92vw); }
    h1 { font-size: 1.25rem; margin-top: 0; }
    h2 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
    .note { color: #666; font-size: .875rem; }
    .status { font-weight: 600; }
    .actions { display: flex; gap: .75rem; margin-top: 1rem; flex-wrap: wrap; }
    button { font: inherit; padding: .6rem 1.4rem; border-radius: 8px; border: 1px solid #ccc; background: #fff; cursor: pointer; }
    button.danger { border-color: #c0392b; color: #c0392b; }
    button.primary { background: #635bff; border-color: #635bff; color: #fff; }
    table { width: 100%; border-collapse: collapse; font-size: .9rem; }
    th, td { text-align: left; padding: .35rem .25rem; border-bottom: 1px solid #eee; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>${PAGE_STYLE}</style>
</head>
<body>
  <main>
    <h1>${escapeHtml(title)}</h1>${body}
  </main>
</body>
</html>
`;
}

function invoiceRows(invoices: readonly PaymentInvoice[]): string {
  if (invoices.length === 0) return '<p class="note">No invoices yet.</p>';
  const rows = invoices
    .map((invoice) => {
      const date = invoice.paidAt ? formatBillingDate(invoice.paidAt) : '—';
      const receipt = invoice.receiptUrl ? `<a href="${escapeHtml(invoice.receiptUrl)}">Receipt</a>` : '';
      const status = invoice.refunded ? 'Refunded' : invoice.status === 'paid' ? 'Paid' : invoice.status;
      return `<tr><td>${escapeHtml(date)}</td><td>${escapeHtml(money(invoice.amountCents, invoice.currency))}</td><td>${escapeHtml(status)}</td><td>${receipt}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Date</th><th>Amount</th><th>Status</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * The simulated Customer Portal (embedded, non-production mode only): a server-rendered page with plain
 * forms, like the simulated checkout. It names no account; Cancel subscription and Resume work only for the
 * account the portal session was made for (the signed-in browser's token goes in each form).
 */
export function simulatedPortalPage(portal: SimulatedPortalSession): string {
  const id = encodeURIComponent(portal.id);
  const sub = portal.subscription;
  const form = (action: string, label: string, className: string) =>
    `<form method="post" action="/simulated-portal/${id}/${action}" data-session-token><input type="hidden" name="access_token" value=""><button type="submit" class="${className}">${label}</button></form>`;
  let plan: string;
  if (!sub || !['active', 'trialing', 'past_due'].includes(sub.status)) {
    plan = '<p class="status">No active subscription.</p>';
  } else if (sub.cancelAtPeriodEnd) {
    const end = sub.currentPeriodEnd ? formatBillingDate(sub.currentPeriodEnd) : 'the end of the period';
    plan = `<p>Crossfeed Premium · $12 USD/month</p><p class="status">Cancels on ${escapeHtml(end)}</p>
      <p class="note">Premium stays on until then. No further payments will be taken.</p>
      <div class="actions">${form('resume', 'Resume subscription', 'primary')}</div>`;
  } else {
    const end = sub.currentPeriodEnd ? formatBillingDate(sub.currentPeriodEnd) : 'the end of the period';
    plan = `<p>Crossfeed Premium · $12 USD/month</p><p class="status">Renews on ${escapeHtml(end)}</p>
      <div class="actions">${form('cancel', 'Cancel subscription', 'danger')}</div>
      <p class="note">Cancelling keeps Premium until the end of the period you paid for.</p>`;
  }
  const body = `
    <p class="note">This is a simulated billing portal: no card is charged.</p>
    <h2>Current plan</h2>
    ${plan}
    <h2>Invoices</h2>
    ${invoiceRows(portal.invoices)}
    <p><a href="${escapeHtml(portal.returnUrl)}">Return to Crossfeed</a></p>
    <script src="/simulated-checkout/checkout.js" defer></script>`;
  return layout('Crossfeed test billing', body);
}

/** A simulated receipt (what Stripe's hosted invoice page is in production). */
export function simulatedReceiptPage(invoice: PaymentInvoice): string {
  const rows: [string, string][] = [
    ['Receipt number', invoice.number ?? invoice.id],
    ['Date paid', invoice.paidAt ? formatBillingDate(invoice.paidAt) : '—'],
    ['Description', 'Crossfeed Premium (monthly)'],
    ['Amount paid', money(invoice.amountCents, invoice.currency)],
    ['Status', invoice.refunded ? 'Refunded' : 'Paid'],
  ];
  const table = rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  return layout('Crossfeed receipt', `<p class="note">Simulated receipt: no card was charged.</p><table><tbody>${table}</tbody></table>`);
}

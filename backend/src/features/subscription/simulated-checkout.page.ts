import type { SimulatedCheckoutSession } from '@crossfeed/platform/payments/simulated-payments.ts';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const price = (session: SimulatedCheckoutSession): string =>
  `$${(session.amountCents / 100).toFixed(session.amountCents % 100 === 0 ? 0 : 2)} ${session.currency.toUpperCase()}/month`;

/**
 * Fills each form's `access_token` with the signed-in session's token (the UI keeps it in localStorage as
 * `token`, SPEC §3) when it is submitted: paying needs the account that started the checkout. Served from
 * our own origin, since the Content-Security-Policy forbids inline scripts.
 */
export const SIMULATED_CHECKOUT_SCRIPT = `'use strict';
for (const form of document.querySelectorAll('form[data-session-token]')) {
  form.addEventListener('submit', () => {
    let token = '';
    try {
      token = window.localStorage.getItem('token') || '';
    } catch {
      token = '';
    }
    form.querySelector('input[name="access_token"]').value = token;
  });
}
`;

/**
 * The simulated hosted checkout (embedded, non-production mode only): a self-contained page with plain
 * forms. It names no account (anyone holding the link may look at it), and Pay and Cancel work only for
 * the account that started the checkout.
 */
export function simulatedCheckoutPage(session: SimulatedCheckoutSession): string {
  const id = encodeURIComponent(session.id);
  let body: string;
  if (session.status === 'open') {
    body = `
      <p class="price">${escapeHtml(price(session))}</p>
      <p>Crossfeed Premium for the account signed in on this browser.</p>
      <p class="note">This is a simulated checkout: no card is charged.</p>
      <div class="actions">
        <form method="post" action="/simulated-checkout/${id}/pay" data-session-token><input type="hidden" name="access_token" value=""><button type="submit" class="pay">Pay</button></form>
        <form method="post" action="/simulated-checkout/${id}/cancel" data-session-token><input type="hidden" name="access_token" value=""><button type="submit">Cancel</button></form>
      </div>
      <script src="/simulated-checkout/checkout.js" defer></script>`;
  } else if (session.status === 'complete') {
    const successUrl = session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    body = `<p>This checkout is already paid.</p><p><a href="${escapeHtml(successUrl)}">Continue</a></p>`;
  } else {
    body = `<p>This checkout was cancelled.</p><p><a href="${escapeHtml(session.cancelUrl)}">Back</a></p>`;
  }
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Crossfeed test checkout</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; display: grid; place-items: center; min-height: 100vh; }
    main { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); padding: 2rem; width: min(24rem, 90vw); }
    h1 { font-size: 1.25rem; margin-top: 0; }
    .price { font-size: 1.75rem; font-weight: 700; margin: .5rem 0; }
    .note { color: #666; font-size: .875rem; }
    .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
    button { font: inherit; padding: .6rem 1.4rem; border-radius: 8px; border: 1px solid #ccc; background: #fff; cursor: pointer; }
    button.pay { background: #635bff; border-color: #635bff; color: #fff; }
  </style>
</head>
<body>
  <main>
    <h1>Crossfeed test checkout</h1>${body}
  </main>
</body>
</html>
`;
}

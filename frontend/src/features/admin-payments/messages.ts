/** Texts of the admin's Premium payments tab (money-back refunds). */
export const ADMIN_PAYMENTS_MESSAGES = {
  loadFailed: 'Failed to load Premium payments.',
  empty: 'No Premium payments to show.',
  refundFailed: 'Failed to refund the payment.',
  refunded: 'Payment refunded. Premium has ended.',
} as const;

export const formatMoney = (cents: number, currency: string): string =>
  `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)} ${currency.toUpperCase()}`;

export const confirmRefund = (amount: string, username: string): string =>
  `Refund ${amount} to ${username} under the 14-day money-back guarantee? Their Premium ends now and their subscription is cancelled. This cannot be undone.`;

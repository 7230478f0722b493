/** SPEC §8 Payment texts. */
export const ALREADY_PREMIUM = 'You are already a Premium user.';
export const LOGIN_TO_UPGRADE = 'Please log in to upgrade to Premium.';
export const PAYMENT_INIT_FAILED = 'Failed to initiate payment.';
export const PAYMENT_REQUEST_FAILED = 'An error occurred while processing your request.';
export const CHECKOUT_FAILED = 'Failed to initiate checkout. Please try again.';
export const CHECKOUT_URL_INVALID = 'Invalid checkout URL received from the server.';
/** Post-payment texts are in Spanish (SPEC §2, §8). */
export const NO_SESSION_ID = 'No se proporcionó ID de sesión.';
export const PAYMENT_SUCCESS = '¡Pago completado! Ya eres Premium.';
export const PAYMENT_REFRESH_FAILED = 'No se pudo actualizar tu cuenta. Inténtalo de nuevo más tarde.';
/**
 * The /success page itself is in the product's language; only its toasts are Spanish (SPEC §8). Its headings:
 * while the payment is confirmed, and when it could not be, with what to do next.
 */
export const PAYMENT_CONFIRMING_HEADING = 'Confirming your payment';
export const PAYMENT_CONFIRMING = 'Confirming your payment…';
export const PAYMENT_NOT_CONFIRMED_HEADING = 'We could not confirm your payment here';
export const PAYMENT_NO_SESSION_TEXT =
  'This page opens after a checkout, with the checkout in its address. If you paid, your Premium is on your account: sign in and open the plan window to see it.';
export const PAYMENT_REFRESH_FAILED_TEXT =
  'Your account could not be reloaded just now. If you paid, Premium is already on your account: sign in again, or reload this page in a moment.';
export const BACK_TO_PRICING = 'Back to pricing';
/** The plan window's subscription texts (issue 23, finding 8). */
export const PORTAL_FAILED = 'Failed to open the subscription portal. Please try again.';
export const renewsOn = (date: string) => `Renews on ${date}.`;
export const cancelsOn = (date: string) => `Cancels on ${date}. Premium stays on until then.`;

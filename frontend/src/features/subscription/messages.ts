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
/** The /success page's headings: while the payment is confirmed, and when it could not be. */
export const PAYMENT_CONFIRMING_HEADING = 'Confirmando tu pago';
export const PAYMENT_NOT_CONFIRMED_HEADING = 'No se pudo confirmar el pago';
/** The plan window's subscription texts (issue 23, finding 8). */
export const PORTAL_FAILED = 'Failed to open the subscription portal. Please try again.';
export const renewsOn = (date: string) => `Renews on ${date}.`;
export const cancelsOn = (date: string) => `Cancels on ${date}. Premium stays on until then.`;

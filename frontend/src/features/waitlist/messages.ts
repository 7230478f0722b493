/** SPEC §8 Waitlist and §5 Waitlist: the waitlist page's texts, verbatim. */
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';

export const NAME_AND_EMAIL_REQUIRED = MESSAGES.waitlistRequired;
export const INVALID_EMAIL = MESSAGES.invalidEmail;

export const COUNT_FETCH_FAILED = 'Failed to fetch waitlist count.';

export const JOIN_FAILED = 'Failed to join the waitlist.';
export const NETWORK_ERROR = 'Network error. Please check your connection.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

export const JOIN_SUCCESS = 'Almost there! Check your email to confirm your spot.';
export const CONFIRM_EMAIL_REMINDER = 'You need to confirm your email to secure your position on the waitlist.';

export const REFERRAL_COPIED = 'Referral link copied!';
export const COPY_FAILED = 'Copy failed.';
export const REFERRAL_SHARED = 'Referral link shared!';
export const SHARE_FAILED = 'Share failed.';

/** Not given by the SPEC ("not shown"): our wording for the position lookup's fallback. */
export const STATUS_FETCH_FAILED = 'Failed to fetch your waitlist position.';
export const CHECKING_POSITION = 'Checking your position...';
/** The confirmation link lands on /waitlist?confirmed=1 (backend waitlist.routes.ts). */
export const EMAIL_CONFIRMED = 'Your email is confirmed. Your spot on the waitlist is secured.';

/** Not given by the SPEC: the referral link modal without this browser's own entry (issue 23, finding 7). */
export const REFERRAL_LINK_HOW_TO = 'Join the waitlist, or open the link we e-mailed you, to get your personal referral link.';
export const REFERRAL_LINK_RESEND = 'Lost the e-mail? Look up your position with your address and we will e-mail you a link to your entry.';

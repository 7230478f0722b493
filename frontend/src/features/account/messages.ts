import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';

/** SPEC §8 Profile: fetch, update and content-type texts. */
export const PROFILE_FETCH_FAILED = 'Failed to fetch profile.';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile.';
export const CONTENT_TYPES_FAILED = 'Failed to load content types.';
/** SPEC §5 Profile modal gives the rule, not a text: this is the server's own message for it. */
export const PROFILE_REQUIRED = 'Name, categories and content type are required.';
/** Not given by the SPEC. */
export const PROFILE_UPDATED = 'Profile updated successfully!';

/** SPEC §5 Change password and §8 Password update. */
export const PASSWORD_FIELDS_REQUIRED = MESSAGES.contentRequired;
export const NEW_PASSWORDS_DO_NOT_MATCH = MESSAGES.newPasswordsDoNotMatch;
export const WEAK_PASSWORD = MESSAGES.weakPassword;
export const PASSWORD_UPDATE_FAILED = 'Failed to update password.';
export const PASSWORD_UPDATE_UNEXPECTED = 'An unexpected error occurred. Please try again later.';
/** The server answers this `message` on success; shown if it ever sends none. */
export const PASSWORD_UPDATED = 'Password updated successfully.';
/** Not given by the SPEC: the §5 strength rule in words (Weak is refused). */
export const PASSWORD_RULE_HINT =
  'Use at least three of: 8 or more characters, an uppercase letter, a lowercase letter, a digit, a symbol.';

/** SPEC §8 Waitlist, Referral: the workspace's versions of the copy and share texts. */
export const REFERRAL_COPIED = 'Referral link copied!';
export const REFERRAL_COPY_FAILED = 'Failed to copy referral link.';
export const REFERRAL_SHARED = 'Referral link shared successfully!';
export const REFERRAL_SHARE_FAILED = 'Failed to share referral link.';
/** Not given by the SPEC: an account without a referral code. */
export const NO_REFERRAL_CODE = 'No referral code available.';

/** SPEC §5 Promo code and §8 Promo texts. */
export const PROMO_EMPTY = MESSAGES.promoEmpty;
export const PROMO_FORMAT = MESSAGES.promoFormat;
export const PROMO_REDEEMED = 'Promo code redeemed successfully!';
export const PROMO_REDEEM_FAILED = 'Failed to redeem promo code.';
export const PROMO_NETWORK_ERROR = 'Network error. Please check your connection.';
export const PROMO_UNEXPECTED = 'An unexpected error occurred.';
export const PROMO_FETCH_FAILED = 'Failed to fetch promo codes.';
export const NO_PROMO_CODES = 'No promo codes available.';

/** Validation rules of SPEC §5 shared by the UI and the server, with the SPEC's own messages. */

/** "non-space text, an at sign and a dotted domain" (SPEC §5 Forgot password, Waitlist, Signup). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email);

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong';

/** One point each: length ≥ 8, uppercase, lowercase, digit, symbol. ≤2 Weak, 3 Medium, ≥4 Strong. */
export function passwordScore(password: string): number {
  return [
    password.length >= 8,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  return score <= 2 ? 'Weak' : score === 3 ? 'Medium' : 'Strong';
}

/** After trimming: uppercase letters, digits and hyphen, 6 to 20 characters. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{6,20}$/;
export const isValidPromoCode = (code: string): boolean => PROMO_CODE_PATTERN.test(code.trim());

/**
 * C0 controls (a line break included), DEL and C1 controls: text that could add a line to an e-mail header
 * or pass a forged paragraph off as our own words. Names, titles and notes refuse them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);
/** The same, with tabs and line breaks allowed (a description's paragraphs). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const hasControlCharactersBesidesLines = (text: string): boolean => CONTROL_CHARACTERS_BUT_LINES.test(text);
export const controlCharactersMessage = (field: string): string => `The ${field} may not contain line breaks or other control characters.`;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const MESSAGES = {
  signupRequired: 'Please fill in all required fields and agree to the terms.',
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: 'Password is too weak. Please use a stronger password.',
  passwordsDoNotMatch: 'Passwords do not match.',
  newPasswordsDoNotMatch: 'New passwords do not match.',
  waitlistRequired: 'Please enter both name and email.',
  profileStep1: 'Please provide your name and bio.',
  profileStep2: 'Please select at least one category and one interest.',
  shareNeedsContact: 'Please select at least one contact to share with.',
  contentRequired: 'Please fill in all required fields.',
  weeklyLimit: 'Weekly submission limit reached. Upgrade to premium for unlimited submissions.',
  dailyShareLimit: 'Daily share limit reached. Upgrade to premium for unlimited sharing.',
  promoEmpty: 'Please enter a promo code.',
  promoFormat: 'Please enter a valid promo code format.',
  fileRequired: 'Please select a file to upload.',
  adminsOnly: 'Access denied. Admins only.',
  invalidResetToken: 'Invalid or missing password reset token.',
} as const;

import { WAITLIST_EMAIL_MAX, WAITLIST_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { isValidEmail } from '@crossfeed/domain/rules/validation.ts';
import { INVALID_EMAIL, NAME_AND_EMAIL_REQUIRED } from '../messages';

export const NAME_TOO_LONG = `Please keep your name to ${WAITLIST_NAME_MAX} characters or fewer.`;

/**
 * SPEC §5 Waitlist: name and email both required, then the email pattern; name max 32, email max 64
 * (an over-long email is not a valid one, as the server answers). Returns the message, or null when valid.
 */
export function validateWaitlistSignup({ name, email }: { name: string; email: string }): string | null {
  const trimmedName = name.trim();
  const trimmedEmail = email.trim();
  if (!trimmedName || !trimmedEmail) return NAME_AND_EMAIL_REQUIRED;
  if (!isValidEmail(trimmedEmail) || trimmedEmail.length > WAITLIST_EMAIL_MAX) return INVALID_EMAIL;
  if (trimmedName.length > WAITLIST_NAME_MAX) return NAME_TOO_LONG;
  return null;
}

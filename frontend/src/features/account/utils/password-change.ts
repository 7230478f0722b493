import { passwordStrength } from '@crossfeed/domain/rules/validation.ts';
import { NEW_PASSWORDS_DO_NOT_MATCH, PASSWORD_FIELDS_REQUIRED, WEAK_PASSWORD } from '../messages';

/**
 * SPEC §5 Change password, in order: all three fields, then new and confirm must match, then the new one
 * must not be Weak (the server refuses a Weak password with the same text).
 */
export function validatePasswordChange(current: string, next: string, confirmation: string): string | null {
  if (!current || !next || !confirmation) return PASSWORD_FIELDS_REQUIRED;
  if (next !== confirmation) return NEW_PASSWORDS_DO_NOT_MATCH;
  if (passwordStrength(next) === 'Weak') return WEAK_PASSWORD;
  return null;
}

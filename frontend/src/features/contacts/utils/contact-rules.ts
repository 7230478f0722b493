import { CONTACT_REJECTIONS } from '@crossfeed/domain/contacts/contacts.decider.ts';
import { CONTACT_FILE_TYPES, CONTACT_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { MESSAGES, isValidEmail } from '@crossfeed/domain/rules/validation.ts';

/**
 * SPEC §5 Contact: name required (at most CONTACT_NAME_MAX after trimming), email required and valid. The
 * messages are the server's own for the same rules (POST /contacts answers MESSAGES.invalidEmail for a
 * missing or invalid email). Returns null when the contact may be sent.
 */
export function validateContact(name: string, email: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return CONTACT_REJECTIONS.nameRequired;
  if (trimmed.length > CONTACT_NAME_MAX) return CONTACT_REJECTIONS.nameTooLong;
  if (!isValidEmail(email.trim())) return MESSAGES.invalidEmail;
  return null;
}

/** The accept attribute of the file input: '.csv,.json'. */
export const CONTACT_FILE_ACCEPT = CONTACT_FILE_TYPES.join(',');

/** SPEC §5 Bulk upload: a .csv or .json file is required, otherwise 'Please select a file to upload.' */
export function validateContactFile(file: File | null | undefined): string | null {
  if (!file) return MESSAGES.fileRequired;
  const name = file.name.toLowerCase();
  return CONTACT_FILE_TYPES.some((extension) => name.endsWith(extension)) ? null : MESSAGES.fileRequired;
}

/** A usable score, or null (shown as 'N/A'). */
export function contactScore(score: unknown): number | null {
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

/** Whole scores as they are, others with one decimal (as the profile shows them). */
export function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(1);
}

import { isValidEmail } from '@crossfeed/domain/rules/validation.ts';
import { CONTACT_EMAIL } from '../marketing-content';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 1500;
export const CONTACT_EMAIL_MAX = 254;

export const CONTACT_REQUIRED = 'Please enter your name, email and message.';
export const CONTACT_INVALID_EMAIL = 'Please enter a valid email address.';

export type ContactMessage = { name: string; email: string; topic: string; message: string };

/** The contact form's rules; returns the message to show, or null when it can be sent. */
export function validateContactMessage({ name, email, message }: ContactMessage): string | null {
  if (!name.trim() || !email.trim() || !message.trim()) return CONTACT_REQUIRED;
  if (!isValidEmail(email.trim()) || email.trim().length > CONTACT_EMAIL_MAX) return CONTACT_INVALID_EMAIL;
  return null;
}

/** A mailto: link to Crossfeed with the subject and body filled in (there is no contact API). */
export function contactMailto({ name, email, topic, message }: ContactMessage, to: string = CONTACT_EMAIL): string {
  const subject = `${topic} from ${name.trim()}`;
  const body = `${message.trim()}\n\n${name.trim()}\n${email.trim()}`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

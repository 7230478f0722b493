import { createHash } from 'node:crypto';
import { emailKey } from '@crossfeed/domain/shared/streams.ts';

/**
 * The one-way hash audiences are compared by: sha256 (hex) of the e-mail normalised as contacts are
 * (trimmed, lowercase: `emailKey`), so one creator's list never holds the same hash twice.
 */
export function emailHash(email: string): string {
  return createHash('sha256').update(emailKey(email)).digest('hex');
}

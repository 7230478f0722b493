import type { ListStatus } from '@crossfeed/domain/contacts/contact.events.ts';
import { columnKey, isStatusColumnKey, type StatusColumnKey } from './contact-columns.ts';

const TRUE = new Set(['true', 'yes', '1', 'y']);
const FALSE = new Set(['false', 'no', '0', 'n']);

// Maps, not object literals: a value such as `constructor` must not find Object's prototype.
const KIT_STATE = new Map<string, ListStatus>([
  ['cancelled', 'unsubscribed'],
  ['bounced', 'bounced'],
  ['complained', 'bounced'],
  // Never confirmed their subscription: not someone who asked for e-mail.
  ['inactive', 'suppressed'],
]);
// Keyed by `columnKey`, so `Opted Out`, `opted-out` and `optedout` are one value.
const GENERIC_STATUS = new Map<string, ListStatus>([
  ['unsubscribed', 'unsubscribed'],
  ['optedout', 'unsubscribed'],
  ['optout', 'unsubscribed'],
  ['bounced', 'bounced'],
  ['cleaned', 'bounced'],
  ['complained', 'bounced'],
  ['spam', 'bounced'],
  ['inactive', 'suppressed'],
  ['disabled', 'suppressed'],
  ['suppressed', 'suppressed'],
  ['blocked', 'suppressed'],
  ['deleted', 'suppressed'],
]);

/** What each status column says, given its value trimmed and lower-cased (docs/features/contact-import.md, "Status"). */
const RULES: Record<StatusColumnKey, (value: string) => ListStatus | null> = {
  // Mailchimp: the unsubscribed and cleaned exports carry when the person left.
  unsubtime: (value) => (value ? 'unsubscribed' : null),
  cleantime: (value) => (value ? 'bounced' : null),
  // Substack
  emaildisabled: (value) => (TRUE.has(value) ? 'suppressed' : null),
  // Kit. Only Kit's own values: a generic `state` column is more likely a US state than a list status.
  state: (value) => KIT_STATE.get(value) ?? null,
  // beehiiv (inactive, unsubscribed) and any other tool
  status: (value) => GENERIC_STATUS.get(columnKey(value)) ?? null,
  // Ghost
  subscribedtoemails: (value) => (FALSE.has(value) ? 'unsubscribed' : null),
  subscribed: (value) => (FALSE.has(value) ? 'unsubscribed' : null),
};

/**
 * What a row's status columns say of the person: the first column (in `statusColumns` order) that marks
 * them gone decides; null when none does (active, subscribed, true, empty, or a value not known).
 */
export function listStatusOf(record: Record<string, string>, statusColumns: string[]): ListStatus | null {
  for (const column of statusColumns) {
    const key = columnKey(column);
    const status = isStatusColumnKey(key) ? RULES[key]((record[column] ?? '').trim().toLowerCase()) : null;
    if (status) return status;
  }
  return null;
}

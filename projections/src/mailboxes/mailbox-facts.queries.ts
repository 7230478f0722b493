import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import type { MailboxFacts } from '@crossfeed/domain/users/creator-content.commands.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { ContactDoc } from '../contacts/contacts.projection.ts';
import { MAILBOX_DAYS, MAILBOXES, mailboxDayId, type MailboxDayDoc, type MailboxDoc } from './mailboxes.projection.ts';

/** Whether e-mail from `sharerId` may reach the mailbox, read from its document (or why not). */
export function suppressionFor(doc: MailboxDoc | undefined, sharerId: string): MailboxFacts['suppressed'] {
  if (!doc) return null;
  if (doc.bounced || doc.complained) return 'bounced';
  if (doc.unsubscribed_all || doc.unsubscribed_from.includes(sharerId)) return 'unsubscribed';
  return null;
}

/**
 * What a share by `sharerId` on `day` needs to know of these mailboxes: suppression and today's share
 * e-mails from every creator. Two reads by id, whatever the number of mailboxes (one page of contacts, or a
 * share's selection).
 */
export async function mailboxFacts(readStore: ReadStore, mailboxes: readonly string[], sharerId: string, now: string): Promise<Record<string, MailboxFacts>> {
  const unique = [...new Set(mailboxes)];
  if (unique.length === 0) return {};
  const day = now.slice(0, 10);
  const [docs, days] = await Promise.all([
    readStore.collection<MailboxDoc>(MAILBOXES).find({ _id: { $in: unique } }),
    readStore.collection<MailboxDayDoc>(MAILBOX_DAYS).find({ _id: { $in: unique.map((mailbox) => mailboxDayId(day, mailbox)) } }),
  ]);
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const sentToday = new Map(days.map((doc) => [doc.mailbox, doc.count]));
  return Object.fromEntries(unique.map((mailbox) => [mailbox, { suppressed: suppressionFor(byId.get(mailbox), sharerId), sentToday: sentToday.get(mailbox) ?? 0 }]));
}

/** A contact's standing for its creator: whether share e-mails can reach the person, or why not. */
export type ContactStatus = 'active' | 'unsubscribed' | 'bounced' | 'suppressed';

/**
 * Each contact's standing for its creator: what the creator's imported list said of the person first, then
 * the suppression list (suppressed mailboxes show as `unsubscribed` or `bounced`).
 */
export async function contactStatuses(
  readStore: ReadStore,
  userId: string,
  contacts: readonly { _id: string; email: string; list_status?: ContactDoc['list_status'] }[],
): Promise<Map<string, ContactStatus>> {
  const listed = new Map(contacts.flatMap((contact) => (contact.list_status ? [[contact._id, contact.list_status] as const] : [])));
  const keys = new Map(contacts.map((contact) => [contact._id, normalizedEmail(contact.email)]));
  const docs = keys.size === 0 ? [] : await readStore.collection<MailboxDoc>(MAILBOXES).find({ _id: { $in: [...new Set(keys.values())] } });
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  return new Map([...keys].map(([contactId, mailbox]) => [contactId, listed.get(contactId) ?? suppressionFor(byId.get(mailbox), userId) ?? 'active']));
}

import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { dailyEmailBudget, type EmailBudgets } from '@crossfeed/domain/rules/share-credit.ts';
import type { MailboxFacts, ShareTarget } from '@crossfeed/domain/users/creator-content.commands.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTACTS, type ContactDoc } from '../contacts/contacts.projection.ts';
import { mailboxFacts } from '../mailboxes/mailbox-facts.queries.ts';
import type { UserDoc } from '../users/users.projection.ts';

/**
 * What a share needs from the read models beside the sharer's own stream (the HTTP route and the scheduled
 * share read it the same way): the selected mailboxes' suppression and today's count, the sharer's daily
 * e-mail budget, and how many contacts whose mailbox holds sending back are still in their list.
 */
export interface ShareInputs {
  mailboxes: Record<string, MailboxFacts>;
  emailBudget: number;
  heldBouncedContacts: number;
}

/** A contact as a share decides on it: the address, and what the sharer's imported list says of the person. */
export const shareTargetOf = (contact: ContactDoc): ShareTarget => ({
  contactId: contact._id,
  name: contact.name,
  email: contact.email,
  ...(contact.list_status && { listStatus: contact.list_status }),
});

/** An account whose document predates e-mail confirmation (no `email_confirmed`) counts as confirmed. */
export const emailConfirmed = (user: UserDoc): boolean => user.email_confirmed !== false;

export function emailBudgetOf(user: UserDoc, now: string, budgets: EmailBudgets): number {
  return dailyEmailBudget({ emailConfirmed: emailConfirmed(user), registeredAt: user.created_at ?? null, isPremium: isPremiumActive(user, now) }, now, budgets);
}

/** The sharer's contacts whose mailbox holds their sending back (`mailboxesHoldingSends` of their state). */
export async function heldBouncedContacts(readStore: ReadStore, userId: string, holdingMailboxes: readonly string[]): Promise<number> {
  if (holdingMailboxes.length === 0) return 0;
  return readStore.collection<ContactDoc>(CONTACTS).count({ user_id: userId, mailbox_key: { $in: [...holdingMailboxes] } });
}

export async function loadShareInputs(
  readStore: ReadStore,
  input: { sharer: UserDoc; emails: readonly string[]; holdingMailboxes: readonly string[]; now: string; budgets: EmailBudgets },
): Promise<ShareInputs> {
  const [mailboxes, held] = await Promise.all([
    mailboxFacts(readStore, input.emails.map(normalizedEmail), input.sharer._id, input.now),
    heldBouncedContacts(readStore, input.sharer._id, input.holdingMailboxes),
  ]);
  return { mailboxes, emailBudget: emailBudgetOf(input.sharer, input.now, input.budgets), heldBouncedContacts: held };
}

/**
 * The share e-mail as a message (docs/exchange.md "The e-mail"): who it is from, where replies go, the
 * unsubscribe headers of RFC 8058, and the body rendered by `share-email.template.ts`. The worker sends
 * exactly this, and the share modal's preview shows exactly this.
 */
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import type { Config } from '@crossfeed/platform/config/config.ts';
import type { MailMessage } from '@crossfeed/platform/mail/mailer.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { signingSecret, unsubscribeSecret, unsubscribeUrl } from '@crossfeed/platform/security/derived-tokens.ts';
import type { ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { emailConfirmed } from '@crossfeed/projections/sharing/share-inputs.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { renderShareEmail } from './share-email.template.ts';

/** What every e-mail of one share has in common: the sharer and the content. */
export interface ShareEmailContext {
  sharerId: string;
  sharerName: string;
  /** The sharer's address when confirmed: replies reach them, never us. */
  replyTo: string | null;
  title: string;
  description: string;
  contentType: string;
  creatorName: string;
}

export interface ShareEmailRecipient {
  contactId: string;
  name: string;
  email: string;
}

/** A person's name on the account: the profile's, else the username. */
const displayName = (user: UserDoc | null, fallback: string): string => user?.profile?.name?.trim() || user?.username || fallback;

export async function loadShareEmailContext(
  readStore: ReadStore,
  input: { sharer: UserDoc | string; content: ContentDoc; sharerUsername?: string },
): Promise<ShareEmailContext> {
  const users = readStore.collection<UserDoc>(USERS);
  const [sharer, creator] = await Promise.all([
    typeof input.sharer === 'string' ? users.findOne({ _id: input.sharer }) : input.sharer,
    users.findOne({ _id: input.content.user_id }),
  ]);
  const sharerId = typeof input.sharer === 'string' ? input.sharer : input.sharer._id;
  return {
    sharerId,
    sharerName: displayName(sharer, input.sharerUsername ?? 'A Crossfeed creator'),
    replyTo: sharer && emailConfirmed(sharer) ? sharer.email : null,
    title: input.content.title,
    description: input.content.description,
    contentType: input.content.content_type,
    creatorName: displayName(creator, input.content.username),
  };
}

export const unsubscribeLinkFor = (config: Config, mailbox: string, sharerId: string): string =>
  unsubscribeUrl(config.PUBLIC_URL, unsubscribeSecret(signingSecret(config)), { mailbox, sharerId });

/** The message of one share e-mail to one contact. */
export function shareEmailMessage(
  config: Config,
  context: ShareEmailContext,
  recipient: ShareEmailRecipient,
  share: { shareId: string; note: string | null; link: string },
): MailMessage {
  const unsubscribe = unsubscribeLinkFor(config, normalizedEmail(recipient.email), context.sharerId);
  const rendered = renderShareEmail({
    sharerName: context.sharerName,
    recipientName: recipient.name,
    title: context.title,
    description: context.description,
    contentType: context.contentType,
    creatorName: context.creatorName,
    note: share.note,
    link: share.link,
    unsubscribeUrl: unsubscribe,
    postalAddress: config.MAIL_POSTAL_ADDRESS ?? null,
  });
  return {
    to: recipient.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    fromName: rendered.fromName,
    ...(context.replyTo ? { replyTo: context.replyTo } : {}),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    // Stable: a retried job hands the mailer the same id, which the file mailer writes once.
    messageId: `share-${share.shareId}-${recipient.contactId}`,
  };
}

/** The tracked link of one contact: clicks are attributed to them (`?c=`). */
export const trackedLink = (config: Config, shortCode: string, contactId: string): string =>
  `${config.PUBLIC_URL}/links/${shortCode}?c=${encodeURIComponent(contactId)}`;

/** What the share modal shows: the e-mail one contact (or a sample reader) would get. */
export async function previewShareEmail(
  deps: { config: Config; readStore: ReadStore },
  input: { sharer: UserDoc; content: ContentDoc; recipient: ShareEmailRecipient | null; note: string | null },
): Promise<{ from: string; reply_to: string | null; to: string; subject: string; text: string; html: string }> {
  const context = await loadShareEmailContext(deps.readStore, { sharer: input.sharer, content: input.content });
  const recipient = input.recipient ?? { contactId: 'preview', name: 'Your contact', email: 'your.contact@example.com' };
  const shortCode = input.content.links[0]?.short_code ?? 'your-link';
  const message = shareEmailMessage(deps.config, context, recipient, { shareId: 'preview', note: input.note, link: trackedLink(deps.config, shortCode, recipient.contactId) });
  const fromAddress = /<([^<>]+)>\s*$/.exec(deps.config.MAIL_FROM)?.[1] ?? deps.config.MAIL_FROM;
  return {
    from: `${message.fromName ?? 'Crossfeed'} <${fromAddress}>`,
    reply_to: message.replyTo ?? null,
    to: input.recipient ? `${recipient.name} <${recipient.email}>` : recipient.name,
    subject: message.subject,
    text: message.text,
    html: message.html ?? '',
  };
}

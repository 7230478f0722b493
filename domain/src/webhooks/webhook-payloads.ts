import { z } from 'zod';
import { MODERATION_STATUSES } from '../rules/content-types.ts';
import type { WebhookEventType } from './webhook-event-types.ts';

/**
 * The `data` of each webhook event (issue 26; docs/webhook-events.md says when each fires). Fields are
 * snake_case, ids are strings and times ISO 8601, as in the rest of the API. A payload carries only what its
 * receiver may see: the content owner hears of clicks and conversions of their content, never who a sharer's
 * contact is (a contact id is given only when the contact is the receiver's own); a creator hears of their own
 * contacts, shares and waitlist entry; the founders' (admins') endpoints hear of the whole waitlist.
 */

const id = (description: string) => z.string().min(1).describe(description);
const time = (description: string) => z.string().datetime({ offset: true }).describe(description);
/** A contact of the receiver's own, else null (a sharer's contact is not the content owner's to know). */
const ownContactId = z.string().nullable().describe("The receiver's own contact, when the person is one of their contacts; else null.");

export const ContentReleasedPayload = z.object({
  content_id: id('The released content.'),
  title: z.string().describe('Its title.'),
  url: z.string().describe('The address the content points to.'),
  reason: z
    .enum(['first_item', 'match_completed', 'banked_credit'])
    .describe('Why it was released: the first item goes live on a starting credit; later ones on a completed match, now or earlier (banked).'),
  matched_content_id: z.string().nullable().describe('The content whose completed match released it (reason match_completed), else null.'),
  released_at: time('When it entered the exchange.'),
});

export const ContentStatusChangedPayload = z.object({
  content_id: id('The moderated content.'),
  title: z.string().describe('Its title.'),
  status: z.enum(MODERATION_STATUSES).describe('Its moderation status now.'),
  previous_status: z.string().nullable().describe('Its moderation status before, when known.'),
  reason: z.string().nullable().describe('Why, as the owner is told (the admin reason, or the reports that led to a removal); null when none was given.'),
  changed_at: time('When the moderation decision was made.'),
});

export const MatchCompletedPayload = z.object({
  content_id: id('The matched content you shared.'),
  title: z.string().describe('Its title.'),
  required_shares: z.number().int().nonnegative().describe('The delivered shares the match needed.'),
  released_content_id: z.string().nullable().describe('Your content this match released (a content.released follows), or null: the credit is banked.'),
  completed_at: time('When the last needed share was delivered.'),
});

export const ShareDeliveredPayload = z.object({
  share_id: id('The share.'),
  content_id: id('The content shared.'),
  contact_id: id('Your contact the e-mail reached.'),
  delivered_at: time('When the e-mail was handed to the mail relay.'),
});

export const ShareBouncedPayload = z.object({
  share_id: id('The share.'),
  content_id: id('The content shared.'),
  contact_id: id('Your contact whose address bounced.'),
  credit_withdrawn: z.number().int().nonnegative().describe('Delivered shares taken back from the match (0 or 1).'),
  bounced_at: time('When the credit was taken back.'),
});

export const LinkClickedPayload = z.object({
  content_id: id('Your content.'),
  short_code: z.string().describe('The tracked link clicked.'),
  contact_id: ownContactId,
  unique: z.boolean().nullable().describe("The visitor's first counted click on this content today; null on clicks recorded before it was kept."),
  clicked_at: time('When the click happened.'),
});

export const ConversionRecordedPayload = z.object({
  conversion_id: id('The conversion.'),
  content_id: id('Your content.'),
  short_code: z.string().nullable().describe('The tracked link it came through, when known.'),
  contact_id: ownContactId,
  kind: z.string().describe('What was converted (signup, purchase...).'),
  value: z.number().describe('Its value, as reported.'),
  verified: z.boolean().describe('Tied to a counted human click of this content within the conversion window.'),
  recorded_at: time('When it was recorded.'),
});

export const ContactUnsubscribedPayload = z.object({
  contact_id: id('Your contact.'),
  email: z.string().describe("Your contact's address, as you stored it."),
  scope: z.enum(['creator', 'all']).describe('creator: no more e-mail from your shares; all: no more Crossfeed e-mail from anyone.'),
  unsubscribed_at: time('When they unsubscribed.'),
});

export const WaitlistPositionChangedPayload = z.object({
  rank: z.number().int().positive().describe('Your place on the waitlist now (1 is first): your join order moved up one place per referral.'),
  previous_rank: z.number().int().positive().describe('Your place before.'),
  position: z.number().int().positive().describe('Your place in join order.'),
  referrals: z.number().int().nonnegative().describe('Referrals credited to your entry.'),
  tier: z.enum(['lifetime', 'one_month']).describe('What your rank earns at launch.'),
  changed_at: time('When the ranks were computed.'),
});

export const WaitlistJoinedPayload = z.object({
  email: z.string().describe('The address that joined.'),
  referral_code: z.string().describe("The entry's own referral code."),
  referred_by: z.string().nullable().describe('The referral code it joined with, if any.'),
  joined_at: time('When it joined.'),
});

export const WaitlistConfirmedPayload = z.object({
  email: z.string().describe('The address confirmed (lowercased).'),
  confirmed_at: time('When it was confirmed.'),
});

export const WaitlistRankChangedPayload = z.object({
  email: z.string().describe("The entry's address (lowercased)."),
  rank: z.number().int().positive().describe('Its rank now (1 is first).'),
  previous_rank: z.number().int().positive().describe('Its rank before.'),
  position: z.number().int().positive().describe('Its place in join order.'),
  referrals: z.number().int().nonnegative().describe('Referrals credited to it.'),
  tier: z.enum(['lifetime', 'one_month']).describe('What the rank earns at launch.'),
  changed_at: time('When the ranks were computed.'),
});

/** The schema of each webhook event's `data` (the OpenAPI document's `webhooks` section is built from these). */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'content.released': ContentReleasedPayload,
  'content.status_changed': ContentStatusChangedPayload,
  'match.completed': MatchCompletedPayload,
  'share.delivered': ShareDeliveredPayload,
  'share.bounced': ShareBouncedPayload,
  'link.clicked': LinkClickedPayload,
  'conversion.recorded': ConversionRecordedPayload,
  'contact.unsubscribed': ContactUnsubscribedPayload,
  'waitlist.position_changed': WaitlistPositionChangedPayload,
  'waitlist.joined': WaitlistJoinedPayload,
  'waitlist.confirmed': WaitlistConfirmedPayload,
  'waitlist.rank_changed': WaitlistRankChangedPayload,
} as const satisfies Record<WebhookEventType, z.ZodType>;

/** What one webhook event's `data` holds: `WebhookPayload<'match.completed'>`. */
export type WebhookPayload<Type extends WebhookEventType> = z.infer<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[Type]>;
export type ContentReleasedPayload = z.infer<typeof ContentReleasedPayload>;
export type ContentStatusChangedPayload = z.infer<typeof ContentStatusChangedPayload>;
export type MatchCompletedPayload = z.infer<typeof MatchCompletedPayload>;
export type ShareDeliveredPayload = z.infer<typeof ShareDeliveredPayload>;
export type ShareBouncedPayload = z.infer<typeof ShareBouncedPayload>;
export type LinkClickedPayload = z.infer<typeof LinkClickedPayload>;
export type ConversionRecordedPayload = z.infer<typeof ConversionRecordedPayload>;
export type ContactUnsubscribedPayload = z.infer<typeof ContactUnsubscribedPayload>;
export type WaitlistPositionChangedPayload = z.infer<typeof WaitlistPositionChangedPayload>;
export type WaitlistJoinedPayload = z.infer<typeof WaitlistJoinedPayload>;
export type WaitlistConfirmedPayload = z.infer<typeof WaitlistConfirmedPayload>;
export type WaitlistRankChangedPayload = z.infer<typeof WaitlistRankChangedPayload>;

import type { Projection } from './projection.ts';
import { usersProjection } from './users/users.projection.ts';
import { passwordResetsProjection } from './password-resets/password-resets.projection.ts';
import { notificationsProjection } from './notifications/notifications.projection.ts';
import { contentsProjection } from './contents/contents.projection.ts';
import { sharesProjection } from './shares/shares.projection.ts';
import { contactsProjection } from './contacts/contacts.projection.ts';
import { audienceRecordsProjection } from './audience/audience-records.projection.ts';
import { shortLinksProjection } from './short-links/short-links.projection.ts';
import { conversionsProjection } from './conversions/conversions.projection.ts';
import { flagsProjection } from './flags/flags.projection.ts';
import { waitlistProjection } from './waitlist/waitlist.projection.ts';
import { promoCodesProjection } from './promo-codes/promo-codes.projection.ts';
import { analyticsProjection } from './analytics/analytics.projection.ts';
import { workspacesProjection } from './workspaces/workspaces.projection.ts';
import { matchProgressProjection } from './match-progress/match-progress.projection.ts';
import { linkEngagementProjection } from './audience-scores/link-engagement.projection.ts';
import { contentDailyProjection } from './content-daily/content-daily.projection.ts';
import { audienceInsightsProjection } from './audience-insights/audience-insights.projection.ts';
import { schedulesProjection } from './schedules/schedules.projection.ts';
import { mailboxesProjection } from './mailboxes/mailboxes.projection.ts';
import { shareEmailsProjection } from './share-emails/share-emails.projection.ts';
import { contactHoursProjection } from './contact-hours/contact-hours.projection.ts';
import { webhookEndpointsProjection } from './webhooks/webhook-endpoints.projection.ts';
import { apiTokensProjection } from './api-tokens/api-tokens.projection.ts';

/** Every projection the runner maintains, by name. */
export const projections: readonly Projection[] = [
  usersProjection,
  passwordResetsProjection,
  notificationsProjection,
  contentsProjection,
  sharesProjection,
  contactsProjection,
  audienceRecordsProjection,
  shortLinksProjection,
  conversionsProjection,
  flagsProjection,
  waitlistProjection,
  promoCodesProjection,
  analyticsProjection,
  workspacesProjection,
  matchProgressProjection,
  linkEngagementProjection,
  contentDailyProjection,
  audienceInsightsProjection,
  schedulesProjection,
  mailboxesProjection,
  shareEmailsProjection,
  contactHoursProjection,
  webhookEndpointsProjection,
  apiTokensProjection,
];

export function projectionByName(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}

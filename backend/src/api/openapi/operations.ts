import type { Operation } from './operation.ts';
import { adminOperations } from '../../features/admin/admin.contract.ts';
import { moderatedContentOperations } from '../../features/admin/moderated-content.contract.ts';
import { queueDashboardOperations } from '../../features/admin/queue-dashboard.contract.ts';
import { analyticsOperations } from '../../features/analytics/analytics.contract.ts';
import { attributionOperations } from '../../features/analytics/attribution.contract.ts';
import { audienceInsightsOperations } from '../../features/analytics/audience-insights.contract.ts';
import { contentDailyOperations } from '../../features/analytics/content-daily.contract.ts';
import { conversionTrackingOperations } from '../../features/analytics/conversion-tracking.contract.ts';
import { conversionsOperations } from '../../features/analytics/conversions.contract.ts';
import { enhanceOperations } from '../../features/analytics/enhance.contract.ts';
import { linksOperations } from '../../features/analytics/links.contract.ts';
import { audienceOperations } from '../../features/audience/audience.contract.ts';
import { authOperations } from '../../features/auth/auth.contract.ts';
import { contactsOperations } from '../../features/contacts/contacts.contract.ts';
import { contentBatchOperations } from '../../features/content/content-batch.contract.ts';
import { contentOperations } from '../../features/content/content.contract.ts';
import { searchOperations } from '../../features/content/search.contract.ts';
import { shareOperations } from '../../features/content/share.contract.ts';
import { flagsOperations } from '../../features/flags/flags.contract.ts';
import { mailOperations } from '../../features/mail/mail.contract.ts';
import { notificationsOperations } from '../../features/notifications/notifications.contract.ts';
import { profilesOperations } from '../../features/profiles/profiles.contract.ts';
import { schedulesOperations } from '../../features/schedules/schedules.contract.ts';
import { adminRefundOperations } from '../../features/subscription/admin-refund.contract.ts';
import { subscriptionOperations } from '../../features/subscription/subscription.contract.ts';
import { waitlistOperations } from '../../features/waitlist/waitlist.contract.ts';
import { workspaceOperations } from '../../features/workspace/workspace.contract.ts';
import { apiTokensOperations } from '../../features/api-tokens/api-tokens.contract.ts';
import { webhooksOperations } from '../../features/webhooks/webhooks.contract.ts';
import { apiDocsOperations } from '../../features/api-docs/api-docs.contract.ts';

/** Every operation the API serves, gathered from each feature's contract (the OpenAPI document's source). */
export const API_OPERATIONS: readonly Operation[] = [
  ...adminOperations,
  ...moderatedContentOperations,
  ...queueDashboardOperations,
  ...analyticsOperations,
  ...attributionOperations,
  ...audienceInsightsOperations,
  ...contentDailyOperations,
  ...conversionTrackingOperations,
  ...conversionsOperations,
  ...enhanceOperations,
  ...linksOperations,
  ...audienceOperations,
  ...authOperations,
  ...contactsOperations,
  ...contentBatchOperations,
  ...contentOperations,
  ...searchOperations,
  ...shareOperations,
  ...flagsOperations,
  ...mailOperations,
  ...notificationsOperations,
  ...profilesOperations,
  ...schedulesOperations,
  ...adminRefundOperations,
  ...subscriptionOperations,
  ...waitlistOperations,
  ...workspaceOperations,
  ...apiTokensOperations,
  ...webhooksOperations,
  ...apiDocsOperations,
];

import type { Router } from 'express';
import type { ApiContext } from './api-context.ts';
import { authRoutes } from '../features/auth/auth.routes.ts';
import { profileRoutes } from '../features/profiles/profiles.routes.ts';
import { notificationRoutes } from '../features/notifications/notifications.routes.ts';
import { contentRoutes } from '../features/content/content.routes.ts';
import { contactRoutes } from '../features/contacts/contacts.routes.ts';
import { audienceRoutes } from '../features/audience/audience.routes.ts';
import { analyticsRoutes } from '../features/analytics/analytics.routes.ts';
import { flagRoutes } from '../features/flags/flags.routes.ts';
import { subscriptionRoutes } from '../features/subscription/subscription.routes.ts';
import { adminRefundRoutes } from '../features/subscription/admin-refund.routes.ts';
import { waitlistRoutes } from '../features/waitlist/waitlist.routes.ts';
import { adminRoutes } from '../features/admin/admin.routes.ts';
import { workspaceRoutes } from '../features/workspace/workspace.routes.ts';
import { audienceInsightsRoutes } from '../features/analytics/audience-insights.routes.ts';
import { contentBatchRoutes } from '../features/content/content-batch.routes.ts';
import { scheduleRoutes } from '../features/schedules/schedules.routes.ts';
import { mailRoutes } from '../features/mail/mail.routes.ts';
import { apiTokenRoutes } from '../features/api-tokens/api-tokens.routes.ts';
import { webhookRoutes } from '../features/webhooks/webhooks.routes.ts';
import { apiDocsRoutes } from '../features/api-docs/api-docs.routes.ts';

/**
 * Every feature router of SPEC §7, in mounting order. A request walks the routers in turn until one has its
 * route, so the content router, which has the busiest ones (match, share), comes first; the routers before
 * it share none of its paths, so no route moved in front of another it could shadow.
 */
export function apiRouters(ctx: ApiContext): Router[] {
  return [
    contentRoutes(ctx),
    authRoutes(ctx),
    profileRoutes(ctx),
    notificationRoutes(ctx),
    contactRoutes(ctx),
    audienceRoutes(ctx),
    analyticsRoutes(ctx),
    flagRoutes(ctx),
    subscriptionRoutes(ctx),
    adminRefundRoutes(ctx),
    waitlistRoutes(ctx),
    adminRoutes(ctx),
    workspaceRoutes(ctx),
    audienceInsightsRoutes(ctx),
    contentBatchRoutes(ctx),
    scheduleRoutes(ctx),
    mailRoutes(ctx),
    apiTokenRoutes(ctx),
    webhookRoutes(ctx),
    apiDocsRoutes(ctx),
  ];
}

import { operations } from '../../api/openapi/operation.ts';
import { ContentAnalyticsMapSchema, UserAnalyticsDtoSchema } from './analytics.dto.ts';
import { AnalyticsInput } from './analytics.routes.ts';

/** The operations of `analytics` as the OpenAPI document describes them (issue 26). */
export const analyticsOperations = operations([
  {
    method: 'post',
    route: '/analytics',
    path: '/analytics/',
    operationId: 'getContentAnalytics',
    summary: "Analytics of the caller's content",
    description:
      "Shares, people's short link clicks, unique clicks and conversions per content id. Only the caller's own live content is answered: other users' and unknown ids are left out of the map.",
    tag: 'Analytics',
    access: 'session',
    body: AnalyticsInput,
    responses: { 200: { description: 'Analytics per content id.', schema: ContentAnalyticsMapSchema } },
    errors: [400, 401],
  },
  {
    method: 'get',
    route: '/analytics/user/:id',
    operationId: 'getUserAnalytics',
    summary: "A creator's statistics",
    description:
      "Any signed-in user may read a creator's statistics (the creator profile). The score's parts carry the creator's own counts only for the creator.",
    tag: 'Analytics',
    access: 'session',
    responses: { 200: { description: "The creator's statistics.", schema: UserAnalyticsDtoSchema } },
    errors: [401, 404],
  },
]);

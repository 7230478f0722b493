import { AnalyticsSeriesSchema } from '@crossfeed/domain/api/analytics.dto.ts';
import { ReplayJobDtoSchema, ReplayStartedDtoSchema } from '@crossfeed/domain/api/replay.dto.ts';
import { operations } from '../../api/openapi/operation.ts';
import { AnalyticsQuery, DEFAULT_ANALYTICS_DAYS, MAX_ANALYTICS_DAYS, ReplayInput } from './admin.routes.ts';

/** The operations of `admin` as the OpenAPI document describes them (issue 26). */
export const adminOperations = operations([
  {
    method: 'get',
    route: '/admin/analytics',
    operationId: 'getFounderAnalytics',
    summary: "The founder's analytics series",
    description: `One point per UTC day, Monday-started week (labelled by its Monday) or calendar month (labelled by its 1st), zero-filled; a period cut by \`from\`/\`to\` counts only its days in the range. Without a range, the last ${DEFAULT_ANALYTICS_DAYS} days by day; at most ${MAX_ANALYTICS_DAYS} days.`,
    tag: 'Admin',
    access: 'admin',
    query: AnalyticsQuery,
    responses: { 200: { description: 'The series.', schema: AnalyticsSeriesSchema } },
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    route: '/admin/replay',
    operationId: 'startReplay',
    summary: 'Rebuild a read model from the event log',
    description: 'Starts a replay job of one known projection; its progress is read with GET /admin/replay/{id} and pushed as `replay:progress`.',
    tag: 'Admin',
    access: 'admin',
    body: ReplayInput,
    responses: { 202: { description: 'The replay job was queued.', schema: ReplayStartedDtoSchema } },
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    route: '/admin/replay/:id',
    operationId: 'getReplay',
    summary: 'A replay job',
    description: 'Its state and progress; the result once completed, the error once failed.',
    tag: 'Admin',
    access: 'admin',
    responses: { 200: { description: 'The replay job.', schema: ReplayJobDtoSchema } },
    errors: [401, 403, 404],
  },
]);

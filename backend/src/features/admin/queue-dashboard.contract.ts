import { z } from 'zod';
import { operations } from '../../api/openapi/operation.ts';
import { QUEUES_BASE_PATH, QUEUES_COOKIE } from './queue-dashboard.ts';

/**
 * The operations of `queue-dashboard` as the OpenAPI document describes them (issue 26). The dashboard itself
 * (Bull Board's pages and its own JSON API, everything under `/admin/queues`) is a UI mounted with
 * `router.use`, not part of the API.
 */
export const queueDashboardOperations = operations([
  {
    method: 'post',
    route: `${QUEUES_BASE_PATH}/session`,
    operationId: 'openQueueDashboardSession',
    summary: 'Let the browser open the queue dashboard',
    description: `Sets an HttpOnly, SameSite=Strict cookie (\`${QUEUES_COOKIE}\`) holding the caller's session token, scoped to ${QUEUES_BASE_PATH} and expiring with the token, so the browser can open the dashboard (Bull Board) at ${QUEUES_BASE_PATH} in a new tab. Without BullMQ (no REDIS_URL) the dashboard answers 404.`,
    tag: 'Admin',
    access: 'admin',
    responses: {
      204: {
        description: 'The cookie is set.',
        headers: { 'Set-Cookie': { description: `${QUEUES_COOKIE}=…; Path=${QUEUES_BASE_PATH}; Max-Age=…; HttpOnly; SameSite=Strict`, schema: z.string() } },
      },
    },
    errors: [401, 403],
  },
]);

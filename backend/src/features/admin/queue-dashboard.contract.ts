import { operations } from '../../api/openapi/operation.ts';

/** The operations of `queue-dashboard` as the OpenAPI document describes them (issue 26). */
export const queueDashboardOperations = operations([]);

import { operations } from '../../api/openapi/operation.ts';

/** The operations of `notifications` as the OpenAPI document describes them (issue 26). */
export const notificationsOperations = operations([]);

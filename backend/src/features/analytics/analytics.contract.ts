import { operations } from '../../api/openapi/operation.ts';

/** The operations of `analytics` as the OpenAPI document describes them (issue 26). */
export const analyticsOperations = operations([]);

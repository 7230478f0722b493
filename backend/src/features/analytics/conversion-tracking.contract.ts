import { operations } from '../../api/openapi/operation.ts';

/** The operations of `conversion-tracking` as the OpenAPI document describes them (issue 26). */
export const conversionTrackingOperations = operations([]);

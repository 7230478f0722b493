import { operations } from '../../api/openapi/operation.ts';

/** The operations of `subscription` as the OpenAPI document describes them (issue 26). */
export const subscriptionOperations = operations([]);

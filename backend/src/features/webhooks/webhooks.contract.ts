import { operations } from '../../api/openapi/operation.ts';

/** The operations of `webhooks` as the OpenAPI document describes them (issue 26). */
export const webhooksOperations = operations([]);

import { operations } from '../../api/openapi/operation.ts';

/** The operations of `enhance` as the OpenAPI document describes them (issue 26). */
export const enhanceOperations = operations([]);

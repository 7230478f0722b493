import { operations } from '../../api/openapi/operation.ts';

/** The operations of `share` as the OpenAPI document describes them (issue 26). */
export const shareOperations = operations([]);

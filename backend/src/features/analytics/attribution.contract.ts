import { operations } from '../../api/openapi/operation.ts';

/** The operations of `attribution` as the OpenAPI document describes them (issue 26). */
export const attributionOperations = operations([]);

import { operations } from '../../api/openapi/operation.ts';

/** The operations of `search` as the OpenAPI document describes them (issue 26). */
export const searchOperations = operations([]);

import { operations } from '../../api/openapi/operation.ts';

/** The operations of `api-tokens` as the OpenAPI document describes them (issue 26). */
export const apiTokensOperations = operations([]);

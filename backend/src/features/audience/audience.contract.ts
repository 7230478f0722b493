import { operations } from '../../api/openapi/operation.ts';

/** The operations of `audience` as the OpenAPI document describes them (issue 26). */
export const audienceOperations = operations([]);

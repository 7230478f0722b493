import { operations } from '../../api/openapi/operation.ts';

/** The operations of `auth` as the OpenAPI document describes them (issue 26). */
export const authOperations = operations([]);

import { operations } from '../../api/openapi/operation.ts';

/** The operations of `profiles` as the OpenAPI document describes them (issue 26). */
export const profilesOperations = operations([]);

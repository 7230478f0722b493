import { operations } from '../../api/openapi/operation.ts';

/** The operations of `flags` as the OpenAPI document describes them (issue 26). */
export const flagsOperations = operations([]);

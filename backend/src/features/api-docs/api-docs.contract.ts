import { operations } from '../../api/openapi/operation.ts';

/** The operations of `api-docs` as the OpenAPI document describes them (issue 26). */
export const apiDocsOperations = operations([]);

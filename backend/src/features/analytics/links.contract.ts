import { operations } from '../../api/openapi/operation.ts';

/** The operations of `links` as the OpenAPI document describes them (issue 26). */
export const linksOperations = operations([]);

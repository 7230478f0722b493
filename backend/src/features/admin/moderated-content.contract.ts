import { operations } from '../../api/openapi/operation.ts';

/** The operations of `moderated-content` as the OpenAPI document describes them (issue 26). */
export const moderatedContentOperations = operations([]);

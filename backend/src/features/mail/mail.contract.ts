import { operations } from '../../api/openapi/operation.ts';

/** The operations of `mail` as the OpenAPI document describes them (issue 26). */
export const mailOperations = operations([]);

import { operations } from '../../api/openapi/operation.ts';

/** The operations of `contacts` as the OpenAPI document describes them (issue 26). */
export const contactsOperations = operations([]);

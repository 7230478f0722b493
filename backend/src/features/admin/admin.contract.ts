import { operations } from '../../api/openapi/operation.ts';

/** The operations of `admin` as the OpenAPI document describes them (issue 26). */
export const adminOperations = operations([]);

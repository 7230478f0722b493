import { operations } from '../../api/openapi/operation.ts';

/** The operations of `schedules` as the OpenAPI document describes them (issue 26). */
export const schedulesOperations = operations([]);

import { operations } from '../../api/openapi/operation.ts';

/** The operations of `admin-refund` as the OpenAPI document describes them (issue 26). */
export const adminRefundOperations = operations([]);

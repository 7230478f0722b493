import { operations } from '../../api/openapi/operation.ts';

/** The operations of `content-batch` as the OpenAPI document describes them (issue 26). */
export const contentBatchOperations = operations([]);

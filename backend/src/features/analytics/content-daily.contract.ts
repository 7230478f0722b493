import { operations } from '../../api/openapi/operation.ts';

/** The operations of `content-daily` as the OpenAPI document describes them (issue 26). */
export const contentDailyOperations = operations([]);

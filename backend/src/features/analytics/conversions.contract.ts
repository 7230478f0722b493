import { operations } from '../../api/openapi/operation.ts';

/** The operations of `conversions` as the OpenAPI document describes them (issue 26). */
export const conversionsOperations = operations([]);

import { operations } from '../../api/openapi/operation.ts';

/** The operations of `waitlist` as the OpenAPI document describes them (issue 26). */
export const waitlistOperations = operations([]);

import { operations } from '../../api/openapi/operation.ts';

/** The operations of `workspace` as the OpenAPI document describes them (issue 26). */
export const workspaceOperations = operations([]);

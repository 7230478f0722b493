import { WorkspaceDtoSchema } from '@crossfeed/domain/api/workspace.dto.ts';
import { operations } from '../../api/openapi/operation.ts';
import { WorkspaceSelectionBody } from './workspace.schemas.ts';

/** The operations of `workspace` (SPEC §2 Home workspace) as the OpenAPI document describes them (issue 26). */
export const workspaceOperations = operations([
  {
    method: 'get',
    route: '/workspace',
    operationId: 'getWorkspace',
    summary: "The caller's home workspace",
    description: 'The selected matches with the caller\'s progress on each, the selected own contents and the shares left today.',
    tag: 'Workspace',
    access: 'session',
    responses: { 200: { description: 'The workspace.', schema: WorkspaceDtoSchema } },
    errors: [401, 403],
  },
  {
    method: 'put',
    route: '/workspace',
    operationId: 'saveWorkspace',
    summary: 'Replace the workspace selection',
    description:
      'The whole selection: `match_ids` (live content of other creators) and `content_ids` (the caller\'s own). A new id that is not available is refused (400); one already selected that has since gone is dropped quietly.',
    tag: 'Workspace',
    access: 'session',
    body: WorkspaceSelectionBody,
    responses: { 200: { description: 'The workspace as saved.', schema: WorkspaceDtoSchema } },
    errors: [400, 401, 403, 409, 413],
  },
  {
    method: 'post',
    route: '/workspace/reset',
    operationId: 'resetWorkspace',
    summary: 'Empty the workspace selection',
    description: 'The body is empty.',
    tag: 'Workspace',
    access: 'session',
    responses: { 200: { description: 'The emptied workspace.', schema: WorkspaceDtoSchema } },
    errors: [401, 403, 409],
  },
]);

import { ModeratedContentDtoSchema, ModeratedItemDtoSchema } from '@crossfeed/domain/api/flags.dto.ts';
import { z } from 'zod';
import { operations } from '../../api/openapi/operation.ts';
import { StatusBody } from '../flags/moderation.ts';
import { ListQuery } from './moderated-content.routes.ts';

/** The operations of `moderated-content` as the OpenAPI document describes them (issue 26). */
export const moderatedContentOperations = operations([
  {
    method: 'get',
    route: '/admin/content',
    operationId: 'listModeratedContent',
    summary: 'Content an admin has moderated',
    description:
      "Every item with a moderation status, whether or not a flag is still open on it, most recently changed first; content removed by an admin stays listed (`deleted`, `removed`), content its owner deleted does not.",
    tag: 'Admin',
    access: 'admin',
    query: ListQuery,
    paged: true,
    responses: { 200: { description: 'One page of moderated content.', schema: z.array(ModeratedItemDtoSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'put',
    route: '/admin/content/:id/status',
    operationId: 'setModeratedContentStatus',
    summary: "Change a content's moderation status",
    description:
      "The same change as a flag's content status, without a flag. `reason` is told to the owner on a removal (`deleted`). Content deleted by its owner or removed by an admin answers 404.",
    tag: 'Admin',
    access: 'admin',
    body: StatusBody,
    responses: { 200: { description: 'The content as the admin sees it afterwards.', schema: ModeratedContentDtoSchema } },
    errors: [400, 401, 403, 404],
  },
]);

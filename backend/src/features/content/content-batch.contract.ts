import { z } from 'zod';
import { ContentDtoSchema } from '@crossfeed/domain/api/content.dto.ts';
import { BATCH_ITEMS_MAX } from '@crossfeed/domain/rules/limits.ts';
import { operations } from '../../api/openapi/operation.ts';
import { BatchContentBody } from './content-batch.routes.ts';

const BatchResultSchema = z.object({
  action: z.enum(['pause', 'resume', 'delete']),
  message: z.string().describe('"3 items paused." / "2 items paused; 1 was already paused."'),
  changed: z.array(z.string()).describe('The ids the action changed.'),
  unchanged: z.array(z.string()).describe('The ids already in that state.'),
  contents: z.array(ContentDtoSchema).describe('The contents as they are now (none after a delete).'),
});

/** The operations of `content-batch` as the OpenAPI document describes them (issue 26). */
export const contentBatchOperations = operations([
  {
    method: 'post',
    route: '/content/batch',
    operationId: 'batchContentAction',
    summary: 'Pause, resume or delete several own contents (Premium)',
    description: `All or nothing, up to ${BATCH_ITEMS_MAX} distinct ids: one id that is not the caller's (or was removed) refuses the whole batch with a 404 naming it, and nothing is written. Free accounts get 403.`,
    tag: 'Content',
    access: 'session',
    body: BatchContentBody,
    responses: { 200: { description: 'What the batch changed.', schema: BatchResultSchema } },
    errors: [400, 401, 403, 404, 409, 413],
  },
]);

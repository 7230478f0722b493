import { z } from 'zod';
import { ContentDtoSchema } from '@crossfeed/domain/api/content.dto.ts';
import { FREE_DAILY_SEARCHES } from '@crossfeed/domain/rules/limits.ts';
import { operations } from '../../api/openapi/operation.ts';
import { SearchQuery } from './content.schemas.ts';
import { SEARCHES_REMAINING_HEADER } from './search.routes.ts';

const RemainingSearchesSchema = z.object({
  remaining_searches: z.union([z.number().int().min(0), z.literal('Unlimited')]).describe('Searches left today, or "Unlimited" for Premium.'),
  daily_limit: z.number().int().nullable().describe(`Free: ${FREE_DAILY_SEARCHES}; null for Premium.`),
});

/** The operations of `search` (SPEC §3 Search, §7) as the OpenAPI document describes them (issue 26). */
export const searchOperations = operations([
  {
    method: 'get',
    route: '/search/remaining',
    operationId: 'getRemainingSearches',
    summary: 'Searches left today',
    tag: 'Search',
    access: 'session',
    responses: { 200: { description: 'The searches left.', schema: RemainingSearchesSchema } },
    errors: [401, 403],
  },
  {
    method: 'get',
    route: '/search',
    path: '/search/',
    operationId: 'searchContent',
    summary: 'Search visible content',
    description: `Filters: text \`query\`, \`content_type\` and \`categories\` (repeatable or comma lists), \`date_from\`/\`date_to\` (YYYY-MM-DD, both included), \`min_views\`, \`sort_by\`. An unknown parameter is refused (400). Free accounts search ${FREE_DAILY_SEARCHES} times a day (then 429); each search they run answers the searches left in \`${SEARCHES_REMAINING_HEADER}\`.`,
    tag: 'Search',
    access: 'session',
    query: SearchQuery,
    paged: true,
    responses: {
      200: {
        description: 'One page of matching content.',
        schema: z.array(ContentDtoSchema),
        headers: { [SEARCHES_REMAINING_HEADER]: { description: 'Free accounts: searches left today (absent for Premium).', schema: z.number().int().min(0) } },
      },
    },
    errors: [400, 401, 403, 409, 429],
  },
]);

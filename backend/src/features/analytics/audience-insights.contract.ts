import { OVERLAP_PAGE_DEFAULT, OVERLAP_PAGE_MAX } from '@crossfeed/domain/rules/audience-insights.ts';
import { z } from 'zod';
import { operations } from '../../api/openapi/operation.ts';
import { AudienceCategoriesDtoSchema, AudienceOverlapDtoSchema } from './audience-insights.dto.ts';

/** The operations of `audience-insights` as the OpenAPI document describes them (issue 26). */
export const audienceInsightsOperations = operations([
  {
    method: 'get',
    route: '/analytics/audience/overlap',
    operationId: 'listAudienceOverlap',
    summary: "How the caller's audience overlaps each partner's (Premium)",
    description: `The creators the caller exchanged shares with, most recent exchange first, each with how both audiences overlapped in today's snapshot (00:00 UTC): counts and percentages only, 0 to 2 shared contacts read as "few". A page holds ${OVERLAP_PAGE_DEFAULT} partners unless \`limit\` says otherwise (at most ${OVERLAP_PAGE_MAX}). Free users get 403.`,
    tag: 'Analytics',
    access: 'session',
    paged: true,
    responses: { 200: { description: 'One page of partners.', schema: z.array(AudienceOverlapDtoSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    route: '/analytics/audience/categories',
    operationId: 'getAudienceCategories',
    summary: "The content categories the caller's contacts click (Premium)",
    description:
      'Clicks per category, most clicked first; a click on content in two categories counts for both, so the percentages may sum above 100. Free users get 403.',
    tag: 'Analytics',
    access: 'session',
    responses: { 200: { description: 'Clicks per category.', schema: AudienceCategoriesDtoSchema } },
    errors: [401, 403],
  },
]);

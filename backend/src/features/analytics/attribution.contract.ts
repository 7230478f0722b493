import { ContentAttributionDtoSchema } from '@crossfeed/domain/api/content-analytics.dto.ts';
import { operations } from '../../api/openapi/operation.ts';

/** The operations of `attribution` as the OpenAPI document describes them (issue 26). */
export const attributionOperations = operations([
  {
    method: 'get',
    route: '/content/:id/attribution',
    operationId: 'getContentAttribution',
    summary: 'Who brought people to a content',
    description:
      "For the content's owner, over all time: per sharer the delivered shares, contacts reached, people's clicks and conversions (the owner's own contacts named), and what came without a known contact. Anyone else's or an unknown content answers 404.",
    tag: 'Analytics',
    access: 'session',
    responses: { 200: { description: "The content's attribution.", schema: ContentAttributionDtoSchema } },
    errors: [401, 404],
  },
]);

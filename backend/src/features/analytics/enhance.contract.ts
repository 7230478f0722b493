import { ContentDtoSchema } from '@crossfeed/domain/api/content.dto.ts';
import { operations } from '../../api/openapi/operation.ts';
import { EmptyBody } from './enhance.routes.ts';

/** The operations of `enhance` as the OpenAPI document describes them (issue 26). */
export const enhanceOperations = operations([
  {
    method: 'post',
    route: '/content/:id/enhance',
    path: '/content/{id}/enhance/',
    operationId: 'enhanceContent',
    summary: "Track a content's link (Premium)",
    description:
      "Gives the content a short link when it has none and an enhanced url: its url with utm_source=crossfeed, utm_medium=share, utm_campaign=<short code>. For the content's owner on Premium: a Free owner gets 403, anyone else's or an unknown content 404; a url that is not a public http(s) address 400. The body is empty.",
    tag: 'Links',
    access: 'session',
    body: EmptyBody,
    responses: { 200: { description: 'The content, enhanced.', schema: ContentDtoSchema } },
    errors: [400, 401, 403, 404, 409],
  },
]);

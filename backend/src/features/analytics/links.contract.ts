import { z } from 'zod';
import { operations } from '../../api/openapi/operation.ts';
import { CLICK_TOKEN_PARAM, CLICKS_PER_VISITOR_PER_MINUTE, CreateLinkInput } from './links.routes.ts';

/** POST /links/: the new short link. */
export const ShortLinkDtoSchema = z.object({
  short_code: z.string(),
  url: z.string().describe('The absolute short link: {PUBLIC_URL}/links/{short_code}.'),
  content_id: z.string(),
}).meta({ id: 'ShortLink' });

/** The operations of `links` as the OpenAPI document describes them (issue 26). */
export const linksOperations = operations([
  {
    method: 'post',
    route: '/links',
    path: '/links/',
    operationId: 'createShortLink',
    summary: 'Give a content a new short link (Premium)',
    description:
      "On the caller's own content: a Free owner gets 403, anyone else's or an unknown content 404, a content that has all its links 409.",
    tag: 'Links',
    access: 'session',
    body: CreateLinkInput,
    responses: { 201: { description: 'The new short link.', schema: ShortLinkDtoSchema } },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'get',
    route: '/links/:code',
    operationId: 'followShortLink',
    summary: 'Follow a short link',
    description: `Public: redirects to the content's url (its enhanced url once enhanced, then with a signed \`${CLICK_TOKEN_PARAM}\` of a counted visit) and records the click (a bot's as a bot click; past ${CLICKS_PER_VISITOR_PER_MINUTE} clicks a minute from one visitor on one link the visitor is still redirected, the click is not recorded). \`?c=\` names the contact a tracked link was sent to. HEAD is answered too. A link to content that is gone, removed or under review answers 404, one to a non-public address 400: a page for a browser (Accept: text/html), \`{ "detail" }\` for others.`,
    tag: 'Links',
    access: 'public',
    query: z.object({ c: z.string().optional().describe('The contact a tracked link was sent to.') }),
    responses: {
      302: {
        description: "A redirect to the content's url.",
        headers: { Location: { description: "The content's url.", schema: z.string() } },
      },
    },
    errors: [400, 404],
  },
]);

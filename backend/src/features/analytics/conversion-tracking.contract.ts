import { z } from 'zod';
import { operations } from '../../api/openapi/operation.ts';
import { TRACK_PATH, TRACKED_CONVERSIONS_PER_IP_PER_MINUTE, TrackedConversionInput } from './conversion-tracking.routes.ts';

/** A content's conversion tracking token and the snippet the creator pastes on their site. */
export const ConversionSnippetDtoSchema = z.object({
  content_id: z.string(),
  token: z.string().describe("The content's tracking token (it sits in the site's page source: it proves only which content)."),
  endpoint: z.string().describe(`The absolute URL of POST ${TRACK_PATH}.`),
  snippet: z.string().describe('The HTML snippet that reports conversions, with the token in it.'),
}).meta({ id: 'ConversionSnippet' });

export const TrackedConversionDtoSchema = z.object({
  id: z.string(),
  message: z.string(),
});

const OWNER_PREMIUM = "For the content's owner on Premium (Custom Link Tracking): a Free owner gets 403, anyone else's or an unknown content 404.";

/** The operations of `conversion-tracking` as the OpenAPI document describes them (issue 26). */
export const conversionTrackingOperations = operations([
  {
    method: 'get',
    route: '/content/:id/conversion-snippet',
    operationId: 'getConversionSnippet',
    summary: "A content's conversion tracking snippet (Premium)",
    description: OWNER_PREMIUM,
    tag: 'Conversions',
    access: 'session',
    responses: { 200: { description: 'The tracking token and snippet.', schema: ConversionSnippetDtoSchema } },
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    route: '/content/:id/conversion-snippet/rotate',
    operationId: 'rotateConversionSnippet',
    summary: "Replace a content's conversion tracking token (Premium)",
    description: `Every earlier token then fails with 403 and records nothing. ${OWNER_PREMIUM}`,
    tag: 'Conversions',
    access: 'session',
    responses: { 200: { description: 'The new tracking token and snippet.', schema: ConversionSnippetDtoSchema } },
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    route: TRACK_PATH,
    operationId: 'trackConversion',
    summary: "Report a conversion from the creator's site",
    description: `Called by the snippet on the creator's own site, from any origin (CORS open, preflight answered): the content's tracking token in the body is the credential. The body is JSON, sent as application/json or text/plain. A conversion feeds public scores only when it brings the signed \`cf_click\` of a counted visit (\`click\`). A wrong, rotated or unknown token, or content that is gone, answers 403 and records nothing; at most ${TRACKED_CONVERSIONS_PER_IP_PER_MINUTE} reports per client address per minute (429).`,
    tag: 'Conversions',
    access: 'public',
    body: TrackedConversionInput,
    responses: { 201: { description: 'The conversion was recorded.', schema: TrackedConversionDtoSchema } },
    errors: [400, 403, 404, 429],
  },
]);

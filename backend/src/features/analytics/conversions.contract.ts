import { z } from 'zod';
import { operations } from '../../api/openapi/operation.ts';
import { ConversionDtoSchema } from './conversion.dto.ts';
import { ConversionInput, MAX_CONTENT_IDS } from './conversions.routes.ts';

/** `?content_ids=a,b` or repeated (the route reads them with `idList`, owned-content.ts). */
export const ConversionMetricsQuery = z.object({
  content_ids: z
    .array(z.string())
    .describe(`Content ids, the parameter repeated or one comma-separated value: 1 to ${MAX_CONTENT_IDS} ids.`),
});

export const ConversionMetricsSchema = z.record(
  z.string(),
  z.object({
    conversions: z.number().int().min(0),
    value: z.number().min(0).describe('The sum of their values.'),
  }),
);

/** The operations of `conversions` as the OpenAPI document describes them (issue 26). */
export const conversionsOperations = operations([
  {
    method: 'post',
    route: '/conversions',
    path: '/conversions/',
    operationId: 'recordConversion',
    summary: 'Record a conversion by hand',
    description:
      "On the caller's own content. `contact_id` must be one of the caller's contacts or one this content was e-mailed to; `short_code` one of the content's links.",
    tag: 'Conversions',
    access: 'session',
    body: ConversionInput,
    responses: { 201: { description: 'The recorded conversion.', schema: ConversionDtoSchema } },
    errors: [400, 401, 404],
  },
  {
    method: 'get',
    route: '/conversions',
    path: '/conversions/',
    operationId: 'listConversions',
    summary: "The caller's conversions",
    description: 'Newest first.',
    tag: 'Conversions',
    access: 'session',
    paged: true,
    responses: { 200: { description: 'One page of conversions.', schema: z.array(ConversionDtoSchema) } },
    errors: [400, 401],
  },
  {
    method: 'get',
    route: '/conversions/content/metrics',
    operationId: 'getConversionMetrics',
    summary: "Conversions per content of the caller's",
    description: "Per content id the caller owns, its conversions and their total value; other users' and unknown ids are left out.",
    tag: 'Conversions',
    access: 'session',
    query: ConversionMetricsQuery,
    responses: { 200: { description: 'Conversions and value per content id.', schema: ConversionMetricsSchema } },
    errors: [400, 401],
  },
]);

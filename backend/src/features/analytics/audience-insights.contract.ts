import { operations } from '../../api/openapi/operation.ts';

/** The operations of `audience-insights` as the OpenAPI document describes them (issue 26). */
export const audienceInsightsOperations = operations([]);

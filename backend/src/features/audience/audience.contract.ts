import { z } from 'zod';
import { operations } from '../../api/openapi/operation.ts';
import { AudienceRecordDtoSchema } from './audience-record.dto.ts';
import { AudienceChanges, AudienceInput } from './audience.routes.ts';

const MessageSchema = z.object({ message: z.string() });

/** The operations of `audience` (SPEC §7 Audience) as the OpenAPI document describes them (issue 26). */
export const audienceOperations = operations([
  {
    method: 'post',
    route: '/audience',
    path: '/audience/',
    operationId: 'addAudienceRecord',
    summary: 'Add an audience record',
    description: "A record of one of the caller's audiences elsewhere: a name, a platform, its size, and optionally an engagement rate (0-100) and notes.",
    tag: 'Audience',
    access: 'session',
    body: AudienceInput,
    responses: { 201: { description: 'The new record.', schema: AudienceRecordDtoSchema } },
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    route: '/audience',
    path: '/audience/',
    operationId: 'listAudienceRecords',
    summary: "The caller's audience records",
    description: 'Oldest first, paged.',
    tag: 'Audience',
    access: 'session',
    paged: true,
    responses: { 200: { description: 'One page of records.', schema: z.array(AudienceRecordDtoSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    route: '/audience/:id',
    operationId: 'getAudienceRecord',
    summary: 'One audience record',
    description: "One of the caller's own (another user's answers 404, like a missing one).",
    tag: 'Audience',
    access: 'session',
    responses: { 200: { description: 'The record.', schema: AudienceRecordDtoSchema } },
    errors: [401, 403, 404],
  },
  {
    method: 'put',
    route: '/audience/:id',
    operationId: 'updateAudienceRecord',
    summary: 'Change an audience record',
    description: "The fields sent change, the others stay (at least one). One of the caller's own (another user's answers 404).",
    tag: 'Audience',
    access: 'session',
    body: AudienceChanges,
    responses: { 200: { description: 'The updated record.', schema: AudienceRecordDtoSchema } },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'delete',
    route: '/audience/:id',
    operationId: 'deleteAudienceRecord',
    summary: 'Delete an audience record',
    description: "One of the caller's own (another user's answers 404).",
    tag: 'Audience',
    access: 'session',
    responses: { 200: { description: 'The record was deleted.', schema: MessageSchema } },
    errors: [401, 403, 404],
  },
]);

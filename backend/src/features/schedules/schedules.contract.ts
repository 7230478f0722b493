import { operations } from '../../api/openapi/operation.ts';
import { ScheduleDtoSchema } from './schedule.dto.ts';
import { ScheduleBody } from './schedules.schemas.ts';
import { z } from 'zod';

/** The operations of `schedules` (auto-scheduling, Premium) as the OpenAPI document describes them (issue 26). */
export const schedulesOperations = operations([
  {
    method: 'post',
    route: '/schedules',
    operationId: 'createSchedule',
    summary: 'Schedule a share or a release (Premium)',
    description:
      "`kind: share` e-mails matched content to the caller's contacts at `run_at`; `kind: release` holds one of the caller's queued items back and releases it at `run_at`. Free accounts get 403; an unknown or unavailable content 404; an item already live 409.",
    tag: 'Schedules',
    access: 'session',
    body: ScheduleBody,
    responses: { 201: { description: 'The new schedule.', schema: ScheduleDtoSchema } },
    errors: [400, 401, 403, 404, 409, 413],
  },
  {
    method: 'get',
    route: '/schedules',
    operationId: 'listSchedules',
    summary: "The caller's schedules",
    description: 'Waiting ones first (soonest first), then finished ones (latest first), paged.',
    tag: 'Schedules',
    access: 'session',
    paged: true,
    responses: { 200: { description: 'One page of schedules.', schema: z.array(ScheduleDtoSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'delete',
    route: '/schedules/:id',
    operationId: 'cancelSchedule',
    summary: 'Cancel a schedule',
    description: 'A cancelled release puts the held item back in the queue. Another user\'s schedule is answered 404.',
    tag: 'Schedules',
    access: 'session',
    responses: { 200: { description: 'The schedule as it is now.', schema: ScheduleDtoSchema } },
    errors: [401, 403, 404, 409],
  },
]);

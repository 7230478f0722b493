import { z } from 'zod';
import { CONTACT_FILE_MAX_ROWS } from '@crossfeed/domain/rules/limits.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { SCHEDULE_MESSAGES } from '@crossfeed/domain/schedules/schedule.decider.ts';

/** POST /schedules: a share of matched content to some contacts, or the release of an own queued item. */

const id = z.string({ error: 'is required.' }).trim().min(1, 'is required.').max(100);

/** An ISO 8601 time with its offset (what `Date#toISOString` and a `datetime-local` turned into UTC give). */
const runAt = z
  .string({ error: SCHEDULE_MESSAGES.invalidTime })
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)), SCHEDULE_MESSAGES.invalidTime)
  .transform((value) => new Date(value).toISOString());

export const ScheduleBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('share'),
      content_id: id,
      contact_ids: z
        .array(z.string().trim().min(1).max(100))
        .max(CONTACT_FILE_MAX_ROWS, `Please select at most ${CONTACT_FILE_MAX_ROWS} contacts.`)
        .transform((ids) => [...new Set(ids)])
        .refine((ids) => ids.length > 0, MESSAGES.shareNeedsContact),
      run_at: runAt,
    }),
    z.strictObject({ kind: z.literal('release'), content_id: id, run_at: runAt }),
  ],
  { error: "kind must be 'share' or 'release'." },
);

export type ScheduleBodyInput = z.infer<typeof ScheduleBody>;

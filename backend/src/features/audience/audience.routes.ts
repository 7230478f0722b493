import { Router } from 'express';
import { z } from 'zod';
import { AUDIENCE_MESSAGES, audienceDecider } from '@crossfeed/domain/audience/audience.decider.ts';
import type { AudienceRecordFields } from '@crossfeed/domain/audience/audience.events.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { audienceStream } from '@crossfeed/domain/shared/streams.ts';
import { AUDIENCE_RECORDS, type AudienceRecordDoc } from '@crossfeed/projections/audience/audience-records.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toAudienceRecordDto } from './audience-record.dto.ts';

// Types only here: the decider holds the rules and their messages.
const fieldSchemas = {
  name: z.string({ error: 'is required.' }),
  platform: z.string({ error: 'is required.' }),
  size: z.number({ error: 'must be a whole number of 0 or more.' }),
  engagement_rate: z.number({ error: 'must be a number from 0 to 100, or null.' }).nullable(),
  notes: z.string({ error: 'must be text.' }),
};
export const AudienceInput = z.strictObject({
  ...fieldSchemas,
  engagement_rate: fieldSchemas.engagement_rate.optional(),
  notes: fieldSchemas.notes.optional(),
});
export const AudienceChanges = z
  .strictObject({
    name: fieldSchemas.name.optional(),
    platform: fieldSchemas.platform.optional(),
    size: fieldSchemas.size.optional(),
    engagement_rate: fieldSchemas.engagement_rate.optional(),
    notes: fieldSchemas.notes.optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Nothing to update.');

export function audienceRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const records = () => ctx.readStore.collection<AudienceRecordDoc>(AUDIENCE_RECORDS);

  async function ownRecord(userId: string, recordId: string): Promise<AudienceRecordDoc> {
    const doc = await records().findOne({ _id: recordId, user_id: userId });
    if (!doc) throw new NotFoundError(AUDIENCE_MESSAGES.notFound);
    return doc;
  }

  router.post('/audience', auth, async (req, res) => {
    const user = currentUser(req);
    const input = parseInput(AudienceInput, req.body);
    const recordId = ctx.newId();
    const fields: AudienceRecordFields = {
      name: input.name,
      platform: input.platform,
      size: input.size,
      engagementRate: input.engagement_rate ?? null,
      notes: input.notes ?? '',
    };
    await execute(
      ctx,
      audienceDecider,
      audienceStream(user._id),
      { type: 'AddAudienceRecord', data: { recordId, userId: user._id, now: ctx.clock().toISOString(), ...fields } },
      { userId: user._id },
    );
    res.status(201).json(toAudienceRecordDto(await ownRecord(user._id, recordId)));
  });

  router.get('/audience', auth, async (req, res) => {
    const user = currentUser(req);
    await sendPagedList(req, res, records(), { user_id: user._id }, { created_at: 1, _id: 1 }, (docs) => docs.map(toAudienceRecordDto));
  });

  router.get('/audience/:id', auth, async (req, res) => {
    const user = currentUser(req);
    res.json(toAudienceRecordDto(await ownRecord(user._id, String(req.params.id))));
  });

  router.put('/audience/:id', auth, async (req, res) => {
    const user = currentUser(req);
    const recordId = String(req.params.id);
    const input = parseInput(AudienceChanges, req.body);
    const changes: Partial<AudienceRecordFields> = {
      name: input.name,
      platform: input.platform,
      size: input.size,
      engagementRate: input.engagement_rate,
      notes: input.notes,
    };
    // The creator's own stream: another user's record id is simply unknown there (404).
    await execute(
      ctx,
      audienceDecider,
      audienceStream(user._id),
      { type: 'UpdateAudienceRecord', data: { recordId, userId: user._id, changes, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    res.json(toAudienceRecordDto(await ownRecord(user._id, recordId)));
  });

  router.delete('/audience/:id', auth, async (req, res) => {
    const user = currentUser(req);
    await execute(
      ctx,
      audienceDecider,
      audienceStream(user._id),
      { type: 'RemoveAudienceRecord', data: { recordId: String(req.params.id), userId: user._id, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    res.json({ message: 'Audience record deleted successfully!' });
  });

  return router;
}

import { once } from 'node:events';
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { contactsCap, contactsDecider } from '@crossfeed/domain/contacts/contacts.decider.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { BATCH_ITEMS_MAX, CONTACT_FILE_MAX_BYTES, CONTACT_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { BATCH_MESSAGES } from '@crossfeed/domain/rules/batch.ts';
import { EMAIL_PATTERN, MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { contactsStream } from '@crossfeed/domain/shared/streams.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { HttpError } from '../../http/http-error.ts';
import { contactStatuses } from '@crossfeed/projections/mailboxes/mailbox-facts.queries.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toContactDto } from './contact.dto.ts';
import { contactScoresOf } from '@crossfeed/projections/audience-scores/audience-scores.queries.ts';
import { contactScore } from '@crossfeed/domain/rules/audience-score.ts';
import { importContacts } from './contact-import.ts';
import { toCsv } from '../../http/csv.ts';

export const ContactInput = z.strictObject({
  name: z
    .string({ error: 'is required.' })
    .trim()
    .min(1, 'is required.')
    .max(CONTACT_NAME_MAX, `must be at most ${CONTACT_NAME_MAX} characters.`),
  email: z.string({ error: MESSAGES.invalidEmail }).trim().regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
});

/** POST /contacts/batch-delete: the ids to delete (repeats count once; the raw list is bounded). */
export const BatchDeleteInput = z.strictObject({
  contact_ids: z
    .array(z.string({ error: 'must be contact ids.' }).trim().min(1, 'must be contact ids.').max(100, 'must be contact ids.'), {
      error: 'must be a list of contact ids.',
    })
    .min(1, BATCH_MESSAGES.empty)
    .max(BATCH_ITEMS_MAX * 2, BATCH_MESSAGES.tooMany),
});

/** `?dry_run=true`: what an import would do, nothing written. */
export const BulkQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false.' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

/** The multipart fields beside the file: `mapping`, a JSON string naming the e-mail and name columns. */
const Mapping = z.strictObject({
  email: z.string({ error: 'must name the e-mail column.' }).trim().min(1, 'must name the e-mail column.').max(200),
  name: z.array(z.string().trim().min(1).max(200), { error: 'must list the name columns.' }).max(5, 'may join at most 5 columns.'),
});
export const BulkFields = z.object({
  /** Chosen by the client; echoed in the `contacts:import` pushes so that each tab follows its own import. */
  import_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _.')
    .optional(),
  mapping: z
    .string()
    .max(2000)
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON: { "email": column, "name": [columns] }.' });
        return z.NEVER;
      }
    })
    .pipe(Mapping.optional()),
});

const EXPORT_HEADER = ['name', 'email', 'status', 'audience_score', 'added_at'];
const EXPORT_PAGE = 1000;
const zeroScore = () => contactScore({ clickDays: 0, clicks: 0, conversions: 0 });

/** The creator's contacts in pages, oldest first (keyset on created_at and id: each page costs the same). */
async function* contactPages(ctx: ApiContext, userId: string): AsyncGenerator<ContactDoc[]> {
  const contacts = ctx.readStore.collection<ContactDoc>(CONTACTS);
  let after: ContactDoc | undefined;
  for (;;) {
    const filter = after
      ? { user_id: userId, $or: [{ created_at: { $gt: after.created_at } }, { created_at: after.created_at, _id: { $gt: after._id } }] }
      : { user_id: userId };
    const docs = await contacts.find(filter, { sort: { created_at: 1, _id: 1 }, limit: EXPORT_PAGE });
    if (docs.length > 0) yield docs;
    if (docs.length < EXPORT_PAGE) return;
    after = docs.at(-1);
  }
}

/** Multipart with one `file` part held in memory; multer's failures become 413/400 with a detail. */
function receiveFile(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: CONTACT_FILE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 4096 },
  }).single('file');
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, 'File too large.'));
        if (error.code === 'LIMIT_UNEXPECTED_FILE') return next(new HttpError(400, 'Send the file in the "file" field.'));
        return next(new HttpError(400, error.message));
      }
      next(new HttpError(400, 'Malformed multipart body.'));
    });
  };
}

export function contactRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  router.post('/contacts', auth, async (req, res) => {
    const user = currentUser(req);
    const input = parseInput(ContactInput, req.body);
    const contactId = ctx.newId();
    const now = ctx.clock().toISOString();
    const maxContacts = contactsCap(isPremiumActive(user, now));
    await execute(
      ctx,
      contactsDecider,
      contactsStream(user._id),
      { type: 'AddContact', data: { contactId, userId: user._id, name: input.name, email: input.email, now, maxContacts } },
      { userId: user._id },
    );
    const doc = await ctx.readStore.collection<ContactDoc>(CONTACTS).findOne({ _id: contactId });
    // A new contact has done nothing yet: the rule's zero score, with its parts.
    const score = contactScore({ clickDays: 0, clicks: 0, conversions: 0 });
    const added = doc ?? { _id: contactId, name: input.name, email: input.email, user_id: user._id, email_key: '', mailbox_key: '', audience_score: null, created_at: now };
    // A person who stopped Crossfeed e-mail stays stopped for every creator who adds them.
    const statuses = await contactStatuses(ctx.readStore, user._id, [added]);
    res.status(201).json(toContactDto(added, score, statuses.get(contactId)));
  });

  router.get('/contacts', auth, async (req, res) => {
    const user = currentUser(req);
    // Oldest first; one email per user, so the email key makes the order total (the id just in case).
    const sort = { created_at: 1, email_key: 1, _id: 1 } as const;
    await sendPagedList(req, res, ctx.readStore.collection<ContactDoc>(CONTACTS), { user_id: user._id }, sort, async (docs) => {
      // Each contact's score from what they did with the links sent to them (link_engagement), by the rule.
      const [scores, statuses] = await Promise.all([contactScoresOf(ctx.readStore, docs.map((doc) => doc._id)), contactStatuses(ctx.readStore, user._id, docs)]);
      return docs.map((doc) => toContactDto(doc, scores.get(doc._id) ?? contactScore({ clickDays: 0, clicks: 0, conversions: 0 }), statuses.get(doc._id)));
    });
  });

  router.post('/contacts/bulk', auth, receiveFile(), async (req, res) => {
    const user = currentUser(req);
    const { dry_run: dryRun } = parseInput(BulkQuery, req.query);
    const { mapping, import_id: importId } = parseInput(BulkFields, req.body ?? {});
    res.json(await importContacts(ctx, user, req.file, { dryRun, ...(mapping && { mapping }), ...(importId && { importId }) }));
  });

  // The creator's list is theirs to take away: every contact, oldest first, read a page at a time.
  router.get('/contacts/export.csv', auth, async (req, res) => {
    const user = currentUser(req);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="crossfeed-contacts.csv"');
    res.write(toCsv([EXPORT_HEADER]));
    for await (const docs of contactPages(ctx, user._id)) {
      const [scores, statuses] = await Promise.all([contactScoresOf(ctx.readStore, docs.map((doc) => doc._id)), contactStatuses(ctx.readStore, user._id, docs)]);
      const rows = docs.map((doc) => [doc.name, doc.email, statuses.get(doc._id) ?? 'active', (scores.get(doc._id) ?? zeroScore()).score, doc.created_at]);
      if (!res.write(toCsv(rows))) await once(res, 'drain');
    }
    res.end();
  });

  // Premium: several contacts in one request, all or nothing. A creator's contacts all live on
  // `contacts-{userId}`, so the batch is one command decided on that stream and one append.
  router.post('/contacts/batch-delete', auth, async (req, res) => {
    const user = currentUser(req);
    const now = ctx.clock().toISOString();
    const isPremium = isPremiumActive(user, now);
    const input = parseInput(BatchDeleteInput, req.body ?? {});
    const { events } = await execute(
      ctx,
      contactsDecider,
      contactsStream(user._id),
      { type: 'RemoveContacts', data: { contactIds: input.contact_ids, userId: user._id, isPremium, now } },
      { userId: user._id },
    );
    const deleted = events.map((event) => event.data.contactId);
    res.json({ message: `${deleted.length} ${deleted.length === 1 ? 'contact' : 'contacts'} deleted.`, deleted });
  });

  router.delete('/contacts/:id', auth, async (req, res) => {
    const user = currentUser(req);
    const contactId = req.params.id;
    if (typeof contactId !== 'string' || !contactId) throw new NotFoundError('Contact not found.');
    await execute(
      ctx,
      contactsDecider,
      contactsStream(user._id),
      { type: 'RemoveContact', data: { contactId, userId: user._id, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    res.json({ message: 'Contact deleted successfully!' });
  });

  return router;
}

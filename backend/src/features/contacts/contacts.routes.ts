import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { CONTACT_REJECTIONS, contactsCap, contactsDecider, contactsLimitMessage, screenContactRows } from '@crossfeed/domain/contacts/contacts.decider.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { QuotaExceededError } from '@crossfeed/domain/shared/errors.ts';
import { BATCH_ITEMS_MAX, CONTACT_FILE_MAX_BYTES, CONTACT_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { BATCH_MESSAGES } from '@crossfeed/domain/rules/batch.ts';
import { EMAIL_PATTERN, MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { contactsStream } from '@crossfeed/domain/shared/streams.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute, settle } from '../../api/execute.ts';
import { commandHandlerFor, handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { Position } from '@crossfeed/platform/event-store/event-store.port.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { HttpError } from '../../http/http-error.ts';
import { contactStatuses } from '@crossfeed/projections/mailboxes/mailbox-facts.queries.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toContactDto } from './contact.dto.ts';
import { contactScoresOf } from '@crossfeed/projections/audience-scores/audience-scores.queries.ts';
import { contactScore } from '@crossfeed/domain/rules/audience-score.ts';
import { parseContactFile } from './contact-file.ts';
import { chunkContactRows } from './contact-chunks.ts';

const ContactInput = z.strictObject({
  name: z
    .string({ error: 'is required.' })
    .trim()
    .min(1, 'is required.')
    .max(CONTACT_NAME_MAX, `must be at most ${CONTACT_NAME_MAX} characters.`),
  email: z.string({ error: MESSAGES.invalidEmail }).trim().regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
});

/** POST /contacts/batch-delete: the ids to delete (repeats count once; the raw list is bounded). */
const BatchDeleteInput = z.strictObject({
  contact_ids: z
    .array(z.string({ error: 'must be contact ids.' }).trim().min(1, 'must be contact ids.').max(100, 'must be contact ids.'), {
      error: 'must be a list of contact ids.',
    })
    .min(1, BATCH_MESSAGES.empty)
    .max(BATCH_ITEMS_MAX * 2, BATCH_MESSAGES.tooMany),
});

/** Multipart with one `file` part held in memory; multer's failures become 413/400 with a detail. */
function receiveFile(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: CONTACT_FILE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
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
    const rows = parseContactFile(req.file).map((row) => ({ ...row, contactId: ctx.newId() }));
    const now = ctx.clock().toISOString();
    const maxContacts = contactsCap(isPremiumActive(user, now));
    // The whole file against the cap first, on the state commands are decided on: a file that would pass it
    // adds nothing (each chunk's command checks again, so a race can stop a file part-way, never past the cap).
    const adding = await commandHandlerFor(ctx.eventStore).query(contactsDecider, contactsStream(user._id), (state) => ({
      kept: state.contacts.size,
      added: screenContactRows(rows, state.emailKeys).filter(({ reason }) => reason === null).length,
    }));
    if (adding.kept + adding.added > maxContacts) throw new QuotaExceededError(contactsLimitMessage(maxContacts));
    // One command per chunk of rows: each decides and appends a bounded number of events of bounded size
    // (the event loop is never held for a whole file, and an append stays far below EventStoreDB's 1 MiB
    // limit). Chunks are decided in file order on the state the previous one left, so an email repeated
    // across chunks is still refused. The read models are awaited once, after the last chunk.
    const chunking = chunkContactRows(rows);
    if ('oversizedRow' in chunking) throw new HttpError(413, `Row ${chunking.oversizedRow + 1} is too large.`);
    const added = new Set<string>();
    let last: Position | undefined;
    for (const chunk of chunking.chunks) {
      const result = await handleCommand(
        ctx.eventStore,
        contactsDecider,
        contactsStream(user._id),
        { type: 'AddContacts', data: { userId: user._id, rows: chunk, now, maxContacts } },
        { metadata: { userId: user._id } },
      );
      for (const event of result.events) added.add(event.data.contactId);
      last = result.position ?? last;
    }
    await settle(ctx, last);
    // The decider decided against the stream; a valid, first-in-file row it left out was already a contact.
    const rejected = screenContactRows(rows, new Set())
      .map(({ row, reason }, index) => ({
        row: index + 1,
        email: row.email,
        reason: reason ?? (added.has(row.contactId) ? null : CONTACT_REJECTIONS.alreadyExists),
      }))
      .filter((entry): entry is { row: number; email: string; reason: string } => entry.reason !== null);
    res.json({ message: 'Contacts uploaded successfully!', added: added.size, rejected });
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

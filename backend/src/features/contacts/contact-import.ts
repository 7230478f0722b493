/**
 * POST /contacts/bulk (docs/features/contact-import.md): an export of the creator's e-mail tool becomes contacts.
 *
 * 1. The file is read as a stream (`openContactFile`): its columns found, each row's name, address and what
 *    the list says of the person.
 * 2. Each batch of rows is screened on the creator's contacts (`screenContactRows` on the decider's state,
 *    a short query per batch, so the event loop is never held for a whole file): invalid, already a contact,
 *    a mailbox an earlier row reaches. A dry run answers here and writes nothing.
 * 3. The whole file against the contact cap first: a file that would pass it adds nothing.
 * 4. One `AddContacts` command per chunk of the new rows (`chunkContactRows`), decided on the state the previous
 *    one left (the decider is the authority: a row a concurrent add took is reported as already a contact),
 *    with `contacts:import` pushed to the creator's sockets after each chunk. The read models are awaited once.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CONTACT_REJECTIONS, contactsCap, contactsDecider, contactsLimitMessage, screenContactRows } from '@crossfeed/domain/contacts/contacts.decider.ts';
import type { ContactImportAnswer as ImportAnswer, ContactImportCounts as ImportCounts } from '@crossfeed/domain/api/contact-import.dto.ts';
import type { ContactImportPush, ServerToClientEvent } from '@crossfeed/domain/api/realtime-events.ts';
import type { ContactRow } from '@crossfeed/domain/contacts/contacts.commands.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { QuotaExceededError } from '@crossfeed/domain/shared/errors.ts';
import { contactsStream } from '@crossfeed/domain/shared/streams.ts';
import { commandHandlerFor, handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { Position } from '@crossfeed/platform/event-store/event-store.port.ts';
import { userRoom } from '@crossfeed/platform/realtime/realtime.port.ts';
import type { UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { settle } from '../../api/execute.ts';
import { HttpError } from '../../http/http-error.ts';
import { chunkContactRows } from './contact-chunks.ts';
import { openContactFile, type ImportRow } from './import/contact-file-reader.ts';

/** The rows shown as they would be stored. */
const PREVIEW_ROWS = 10;
/** Rows not added that the answer lists one by one (the counts hold them all). */
const REJECTED_LISTED = 500;
/** Rows read and screened at a time. */
const SCREEN_BATCH = 1000;

export const IMPORT_PROGRESS_EVENT = 'contacts:import' satisfies ServerToClientEvent;
export const DRY_RUN_MESSAGE = 'Preview only: nothing was imported.';
export const IMPORTED_MESSAGE = 'Contacts uploaded successfully!';

/** The counts in one sentence: "3 added (1 suppressed), 2 already in your contacts, 1 invalid." */
export function importSummary(counts: ImportCounts, dryRun: boolean): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const parts = [`${n(counts.new)} ${dryRun ? 'to add' : 'added'}${counts.suppressed > 0 ? ` (${n(counts.suppressed)} suppressed: never e-mailed)` : ''}`];
  if (counts.existing > 0) parts.push(`${n(counts.existing)} already in your contacts`);
  if (counts.invalid > 0) parts.push(`${n(counts.invalid)} invalid`);
  return `${parts.join(', ')}.`;
}

const isExisting = (reason: string): boolean => reason === CONTACT_REJECTIONS.alreadyExists || reason === CONTACT_REJECTIONS.duplicateInFile;

export async function importContacts(
  ctx: ApiContext,
  user: UserDoc,
  file: { originalname: string; buffer: Buffer } | undefined,
  options: { dryRun: boolean; mapping?: { email: string; name: string[] }; importId?: string },
): Promise<ImportAnswer> {
  const reader = await openContactFile(file, options.mapping);
  const stream = contactsStream(user._id);
  const handler = commandHandlerFor(ctx.eventStore);

  // 1-2. Read and screen, a batch at a time.
  const counts: ImportCounts = { rows: 0, new: 0, existing: 0, suppressed: 0, invalid: 0 };
  const fresh: (ContactRow & { row: number })[] = [];
  const rejected: ImportAnswer['rejected'] = [];
  const seen = new Set<string>();
  const chunks: (ContactRow & { row: number })[][] = [];
  let oversized: number | undefined;
  let kept = 0;
  for await (const batch of reader.batches(SCREEN_BATCH)) {
    const screened = await handler.query(contactsDecider, stream, (state) => {
      kept = state.contacts.size;
      return screenContactRows(batch, state.mailboxes, seen);
    });
    const batchFresh: (ContactRow & { row: number })[] = [];
    for (const { row, reason } of screened) {
      counts.rows += 1;
      if (reason === null) {
        counts.new += 1;
        if (row.listStatus) counts.suppressed += 1;
        batchFresh.push(toContactRow(ctx, row));
        continue;
      }
      if (isExisting(reason)) counts.existing += 1;
      else counts.invalid += 1;
      if (rejected.length < REJECTED_LISTED) rejected.push({ row: row.row, email: row.email, reason });
    }
    // Cut into commands batch by batch (a batch's rows never share a chunk with the next batch's).
    const chunking = chunkContactRows(batchFresh);
    if ('oversizedRow' in chunking) oversized ??= batchFresh[chunking.oversizedRow]?.row ?? counts.rows;
    else chunks.push(...chunking.chunks);
    fresh.push(...batchFresh);
  }
  const answer = (message: string, added: number): ImportAnswer => ({
    message,
    dry_run: options.dryRun,
    summary: importSummary(counts, options.dryRun),
    format: reader.format,
    columns: reader.columns,
    mapping: reader.mapping,
    counts,
    added,
    rejected,
    preview: fresh.slice(0, PREVIEW_ROWS).map((row) => ({ row: row.row, name: row.name.trim(), email: row.email.trim(), status: row.listStatus ?? 'active' })),
  });
  if (options.dryRun) return answer(DRY_RUN_MESSAGE, counts.new);

  // 3. The whole file against the cap, before anything is written.
  const maxContacts = contactsCap(isPremiumActive(user, ctx.clock().toISOString()));
  if (kept + fresh.length > maxContacts) throw new QuotaExceededError(contactsLimitMessage(maxContacts));

  // 4. One command per chunk, progress after each.
  if (oversized !== undefined) throw new HttpError(413, `Row ${oversized} is too large.`);
  const now = ctx.clock().toISOString();
  const added = new Set<string>();
  let last: Position | undefined;
  let done = 0;
  for (const chunk of chunks) {
    const rows = chunk.map(({ row: _row, ...contact }) => contact);
    const result = await handleCommand(ctx.eventStore, contactsDecider, stream, { type: 'AddContacts', data: { userId: user._id, rows, now, maxContacts } }, { metadata: { userId: user._id } });
    for (const event of result.events) added.add(event.data.contactId);
    last = result.position ?? last;
    done += chunk.length;
    if (chunks.length > 1) ctx.realtime.emit(userRoom(user._id), IMPORT_PROGRESS_EVENT, {
        done,
        total: fresh.length,
        ...(options.importId && { import_id: options.importId }),
      } satisfies ContactImportPush);
    // A turn of the event loop between chunks: an append settles in microtasks, which would chain them all.
    await nextTurn();
  }
  await settle(ctx, last);

  // A row the screen let through that the decider did not add was taken meanwhile (a concurrent add).
  for (const row of fresh) {
    if (added.has(row.contactId)) continue;
    counts.new -= 1;
    if (row.listStatus) counts.suppressed -= 1;
    counts.existing += 1;
    if (rejected.length < REJECTED_LISTED) rejected.push({ row: row.row, email: row.email, reason: CONTACT_REJECTIONS.alreadyExists });
  }
  rejected.sort((a, b) => a.row - b.row);
  return answer(IMPORTED_MESSAGE, added.size);
}

function toContactRow(ctx: ApiContext, row: ImportRow): ContactRow & { row: number } {
  return { row: row.row, contactId: ctx.newId(), name: row.name, email: row.email, listStatus: row.listStatus };
}

import { z } from 'zod';
import type { ListStatus } from '../contacts/contact.events.ts';

/**
 * POST /contacts/bulk's answer (docs/features/contact-import.md), for a dry run and an import alike: the API builds it
 * (backend/src/features/contacts/contact-import.ts) and the Contacts modal reads it. The zod schemas describe it
 * in the OpenAPI document (issue 26); the types are derived from them.
 */

/** What the creator's list says of a person who is gone. */
const ListStatusSchema = z.enum(['unsubscribed', 'bounced', 'suppressed']) satisfies z.ZodType<ListStatus>;

/** A row's standing as it would be stored: active, or what the creator's list said of the person. */
export const ContactImportStatusSchema = z.enum(['active', ...ListStatusSchema.options]);
export type ContactImportStatus = z.infer<typeof ContactImportStatusSchema>;

/**
 * Which columns make a contact, as the file's header spells them: the e-mail column, and the columns joined
 * (with a space) into the name; `[]` makes every name from its address.
 */
export const ContactMappingSchema = z.object({
  email: z.string().describe('The e-mail column.'),
  name: z.array(z.string()).describe('The columns joined (with a space) into the name; [] makes every name from its address.'),
});
export type ContactMapping = z.infer<typeof ContactMappingSchema>;

const count = z.number().int().min(0);

export const ContactImportCountsSchema = z.object({
  rows: count,
  new: count.describe('Rows that become contacts (suppressed ones included).'),
  existing: count.describe('Rows whose mailbox is already a contact, or an earlier row\'s of the same file.'),
  suppressed: count.describe('Of the new rows, those the list marks as gone: kept, never e-mailed.'),
  invalid: count.describe('Rows the contact rule refuses.'),
});
export type ContactImportCounts = z.infer<typeof ContactImportCountsSchema>;

/** One refused row of the file: its 1-based data row (header excluded), its e-mail as written and why. */
export const RejectedContactRowSchema = z.object({ row: z.number().int(), email: z.string(), reason: z.string() });
export type RejectedContactRow = z.infer<typeof RejectedContactRowSchema>;

/** One of the first rows as it would be stored (a name made from the address where the file has none). */
export const ContactPreviewRowSchema = z.object({ row: z.number().int(), name: z.string(), email: z.string(), status: ContactImportStatusSchema });
export type ContactPreviewRow = z.infer<typeof ContactPreviewRowSchema>;

export const ContactImportAnswerSchema = z
  .object({
    message: z.string(),
    dry_run: z.boolean(),
    summary: z.string().describe('The counts in one sentence, e.g. `3 added (1 suppressed: never e-mailed), 2 already in your contacts.`'),
    format: z.enum(['csv', 'json']),
    columns: z.array(z.string()).describe("The file's columns, as its header spells them."),
    mapping: ContactMappingSchema.extend({ status: z.array(z.string()) }).describe("The mapping used (the one sent, else the detected one) and the columns read for a person's status."),
    counts: ContactImportCountsSchema,
    added: count,
    rejected: z.array(RejectedContactRowSchema).describe('The rows not added (the first 500; the counts hold them all).'),
    preview: z.array(ContactPreviewRowSchema),
  })
  .meta({ id: 'ContactImport' });
export type ContactImportAnswer = z.infer<typeof ContactImportAnswerSchema>;

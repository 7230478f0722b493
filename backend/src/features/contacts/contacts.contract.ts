import { z } from 'zod';
import { ContactImportAnswerSchema } from '@crossfeed/domain/api/contact-import.dto.ts';
import { BATCH_ITEMS_MAX, CONTACT_FILE_MAX_BYTES, CONTACT_FILE_MAX_ROWS } from '@crossfeed/domain/rules/limits.ts';
import { operations } from '../../api/openapi/operation.ts';
import { ContactDtoSchema } from './contact.dto.ts';
import { BatchDeleteInput, BulkFields, BulkQuery, ContactInput } from './contacts.routes.ts';

const MessageSchema = z.object({ message: z.string() });

const BatchDeletedSchema = z.object({
  message: z.string().describe('"3 contacts deleted."'),
  deleted: z.array(z.string()).describe('The ids of the deleted contacts.'),
});

const MB = 1024 * 1024;

/** The operations of `contacts` (SPEC §7 Contacts) as the OpenAPI document describes them (issue 26). */
export const contactsOperations = operations([
  {
    method: 'post',
    route: '/contacts',
    path: '/contacts/',
    operationId: 'addContact',
    summary: 'Add a contact',
    description:
      "A name and an e-mail address the caller's contacts do not hold yet (409). Free and Premium accounts hold at most a number of contacts (429 past it). A person who stopped Crossfeed e-mail stays stopped (`status`).",
    tag: 'Contacts',
    access: 'session',
    body: ContactInput,
    responses: { 201: { description: 'The new contact.', schema: ContactDtoSchema } },
    errors: [400, 401, 403, 409, 429],
  },
  {
    method: 'get',
    route: '/contacts',
    path: '/contacts/',
    operationId: 'listContacts',
    summary: "The caller's contacts",
    description: 'Oldest first, paged, each with its audience score and whether share e-mails can reach it.',
    tag: 'Contacts',
    access: 'session',
    paged: true,
    responses: { 200: { description: 'One page of contacts.', schema: z.array(ContactDtoSchema) } },
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    route: '/contacts/bulk',
    operationId: 'importContacts',
    summary: 'Import contacts from a file',
    description: `Multipart: a CSV or JSON export of an e-mail tool in \`file\` (at most ${CONTACT_FILE_MAX_BYTES / MB} MB, ${CONTACT_FILE_MAX_ROWS.toLocaleString('en-US')} rows), optionally \`mapping\` (JSON naming the e-mail and name columns; detected otherwise) and \`import_id\` (echoed in the \`contacts:import\` progress pushes). With \`?dry_run=true\` nothing is written: the answer says what an import would do. All or nothing against the contact cap (429); see docs/features/contact-import.md.`,
    tag: 'Contacts',
    access: 'session',
    query: BulkQuery,
    body: BulkFields,
    bodyEncoding: 'multipart',
    responses: { 200: { description: 'What was (or would be) imported.', schema: ContactImportAnswerSchema } },
    errors: [400, 401, 403, 413, 429],
  },
  {
    method: 'get',
    route: '/contacts/export.csv',
    operationId: 'exportContacts',
    summary: "Download the caller's contacts as CSV",
    description: 'Every contact, oldest first: `name,email,status,audience_score,added_at`.',
    tag: 'Contacts',
    access: 'session',
    responses: {
      200: {
        description: 'The contacts, as an attachment (crossfeed-contacts.csv).',
        contentType: 'text/csv',
        headers: { 'Content-Disposition': { description: 'attachment; filename="crossfeed-contacts.csv"', schema: z.string() } },
      },
    },
    errors: [401, 403],
  },
  {
    method: 'post',
    route: '/contacts/batch-delete',
    operationId: 'deleteContacts',
    summary: 'Delete several contacts (Premium)',
    description: `At most ${BATCH_ITEMS_MAX} of the caller's contacts, all or nothing: an id the caller does not have answers 404 and deletes none. Free accounts get 403.`,
    tag: 'Contacts',
    access: 'session',
    body: BatchDeleteInput,
    responses: { 200: { description: 'The contacts were deleted.', schema: BatchDeletedSchema } },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'delete',
    route: '/contacts/:id',
    path: '/contacts/{id}/',
    operationId: 'deleteContact',
    summary: 'Delete a contact',
    description: "One of the caller's contacts (another user's answers 404, like a missing one).",
    tag: 'Contacts',
    access: 'session',
    responses: { 200: { description: 'The contact was deleted.', schema: MessageSchema } },
    errors: [401, 403, 404],
  },
]);

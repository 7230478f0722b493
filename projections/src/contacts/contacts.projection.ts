import type { ListStatus } from '@crossfeed/domain/contacts/contact.events.ts';
import { emailKey } from '@crossfeed/domain/shared/streams.ts';
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const CONTACTS = 'contacts';

/** A `contacts` document: one contact of one creator (SPEC §3 Contact). */
export interface ContactDoc extends Doc {
  user_id: string;
  name: string;
  email: string;
  /** Lowercased email: uniqueness per creator and lookups ignore case. */
  email_key: string;
  /** The mailbox the address reaches (`normalizedEmail`): the person a share counts, and their suppression. */
  mailbox_key: string;
  /** What the creator's imported list said of the person (never e-mailed, never credited); null: active. */
  list_status?: ListStatus | null;
  /** Written by the audience-score worker; null until scored. */
  audience_score: number | null;
  created_at: string;
}

export const contactsProjection = defineProjection({
  name: 'contacts',
  // 2: `mailbox_key`. 3: `list_status`. (An index alone needs no new version: indexes are ensured at every start.)
  // The `mailbox_key` index alone finds every creator who has a person as a contact (an unsubscribe from all).
  version: 3,
  collections: {
    [CONTACTS]: [{ key: { user_id: 1, created_at: 1 } }, { key: { user_id: 1, email_key: 1 } }, { key: { user_id: 1, mailbox_key: 1 } }, { key: { mailbox_key: 1 } }],
  },
  handlers: {
    ContactAdded: ({ data }) => {
      return [
        {
          op: 'upsert',
          collection: CONTACTS,
          id: data.contactId,
          update: {
            $set: {
              user_id: data.userId,
              name: data.name,
              email: data.email,
              email_key: emailKey(data.email),
              mailbox_key: normalizedEmail(data.email),
              list_status: data.listStatus ?? null,
              created_at: data.addedAt,
            },
            $setOnInsert: { audience_score: null },
          },
        },
      ];
    },
    ContactRemoved: ({ data }) => {
      return [{ op: 'delete', collection: CONTACTS, id: data.contactId }];
    },
  },
});

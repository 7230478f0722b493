import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionHandlers } from '../projection.ts';

export const SHARE_EMAILS = 'share_emails';

/**
 * A `share_emails` document (`_id` `${contentId}:${contactId}`): a content e-mailed to a contact, from the
 * mailbox streams' `ShareEmailSent`. A tracked link's `?c=` is attributed to the sharer through it.
 */
export interface ShareEmailDoc extends Doc {
  content_id: string;
  contact_id: string;
  share_id: string;
  sharer_id: string;
  mailbox: string;
  status: 'sent';
  sent_at: string;
}

export const shareEmailId = (contentId: string, contactId: string): string => `${contentId}:${contactId}`;

const handlers: ProjectionHandlers = {
  ShareEmailSent: ({ data }) => [
    {
      op: 'upsert',
      collection: SHARE_EMAILS,
      id: shareEmailId(data.contentId, data.contactId),
      update: {
        $set: { content_id: data.contentId, contact_id: data.contactId, share_id: data.shareId, sharer_id: data.sharerId, mailbox: data.mailbox, status: 'sent', sent_at: data.sentAt },
      },
    },
  ],
  // The mailer did not take it after all: no e-mail, nothing to attribute (the retry records it again).
  ShareEmailReleased: ({ data }) => [{ op: 'deleteMany', collection: SHARE_EMAILS, filter: { share_id: data.shareId, mailbox: data.mailbox } }],
};

export const shareEmailsProjection = defineProjection({
  name: 'share-emails',
  version: 1,
  collections: {
    [SHARE_EMAILS]: [{ key: { share_id: 1 } }],
  },
  handlers,
});

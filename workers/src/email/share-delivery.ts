/**
 * One share e-mail at a time (docs/exchange.md "How an e-mail is sent"): recorded on the person's mailbox
 * stream (`RecordShareEmail`), where suppression and the network-wide daily cap are decided again, then handed
 * to the mailer. An e-mail the mailbox refuses, or whose contact is gone, is not sent and its credit is taken
 * back; a temporary mailer failure undoes the record and throws (the job retries); a permanent one is a hard
 * bounce of the address.
 *
 * A retry that finds the record asks its job whether the e-mail went: one its last try had finished is not
 * sent again; one that try was still sending when its worker died (`inFlight`) is handed to the mailer again
 * under the same Message-ID, which the mailer turns into one e-mail wherever it can (the outbox files do;
 * a relay's receivers dedupe on it). So a crash loses no e-mail, and repeats at most those few in flight.
 */
import { DeliveryRefused, mailboxDecider } from '@crossfeed/domain/mailboxes/mailbox.decider.ts';
import { mailboxStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { creatorContentDecider } from '@crossfeed/domain/users/creator-content.decider.ts';
import type { ContentShared, CreditWithdrawalReason } from '@crossfeed/domain/users/user.events.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { PermanentDeliveryError } from '@crossfeed/platform/mail/mailer.port.ts';
import type { ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import type { WorkerDeps } from '../registry.ts';
import { shareEmailMessage, trackedLink, type ShareEmailContext } from './share-email-message.ts';

export type ShareEmailJob = ContentShared['data'];

/** One e-mail of the share: the contact, their mailbox, and the contact as the sharer keeps it (null: deleted). */
export interface Delivery {
  contactId: string;
  mailbox: string;
  contact: ContactDoc | null;
}

export type DeliveryOutcome = 'sent' | 'already_sent' | 'not_sent' | 'bounced';

export interface DeliverOptions {
  /** The last try of this job may have recorded this e-mail and died before the mailer had it: send if recorded. */
  inFlight?: boolean;
}

/** Sends share e-mails one at a time (see the top of this file), and takes back the credit of those that do not go. */
export function shareDelivery(deps: Pick<WorkerDeps, 'config' | 'eventStore' | 'mailer'>, now: () => Date = () => new Date()) {
  const { config, eventStore, mailer } = deps;

  /** Takes back the credit of an e-mail that did not reach its person (idempotent on the sharer's stream). */
  const withdraw = async (data: ShareEmailJob, delivery: Delivery, reason: CreditWithdrawalReason): Promise<void> => {
    await handleCommand(eventStore, creatorContentDecider, userStream(data.sharerId), {
      type: 'WithdrawShareCredit',
      data: {
        shareId: data.shareId,
        contentId: data.contentId,
        contentOwnerId: data.contentOwnerId,
        contentTitle: data.contentTitle,
        sharerId: data.sharerId,
        contactId: delivery.contactId,
        contactName: delivery.contact?.name ?? null,
        mailbox: delivery.mailbox,
        reason,
        sharedAt: data.sharedAt,
        now: now().toISOString(),
      },
    }, { metadata: { userId: data.sharerId, causationId: data.shareId } });
  };

  const deliver = async (
    data: ShareEmailJob,
    delivery: Delivery,
    context: ShareEmailContext,
    shortCode: string,
    options: DeliverOptions = {},
  ): Promise<DeliveryOutcome> => {
    const contact = delivery.contact;
    if (!contact) {
      await withdraw(data, delivery, 'contact_removed');
      return 'not_sent';
    }
    // The sharer's imported list marks the person as gone (decided at the share; checked again here).
    if (contact.list_status) {
      await withdraw(data, delivery, 'suppressed');
      return 'not_sent';
    }
    const stream = mailboxStream(delivery.mailbox);
    const metadata = { userId: data.sharerId, causationId: data.shareId };
    let recorded: boolean;
    try {
      const { events } = await handleCommand(eventStore, mailboxDecider, stream, {
        type: 'RecordShareEmail',
        data: {
          mailbox: delivery.mailbox,
          dailyCap: config.MAX_EMAILS_PER_ADDRESS_PER_DAY,
          shareId: data.shareId,
          sharerId: data.sharerId,
          contentId: data.contentId,
          contentOwnerId: data.contentOwnerId,
          contactId: contact._id,
          // The day it goes is the day it counts toward the address's cap.
          sentAt: now().toISOString(),
        },
      }, { metadata });
      recorded = events.length > 0;
    } catch (error) {
      if (!(error instanceof DeliveryRefused)) throw error;
      await withdraw(data, delivery, error.reason === 'daily_limit' ? 'daily_limit' : 'suppressed');
      return 'not_sent';
    }
    if (!recorded && !options.inFlight) return 'already_sent';

    const message = shareEmailMessage(config, context, { contactId: contact._id, name: contact.name, email: contact.email }, {
      shareId: data.shareId,
      note: data.note ?? null,
      link: trackedLink(config, shortCode, contact._id),
    });
    try {
      await mailer.send(message);
      return 'sent';
    } catch (error) {
      if (error instanceof PermanentDeliveryError) {
        // The relay refused the address for good: a hard bounce, which takes back this e-mail's credit.
        await handleCommand(eventStore, mailboxDecider, stream, {
          type: 'RecordMailFailure',
          data: { mailbox: delivery.mailbox, kind: 'hard_bounce', source: 'smtp', now: now().toISOString() },
        }, { metadata });
        return 'bounced';
      }
      // For now only: undone, so the job's retry records and sends it again.
      await handleCommand(eventStore, mailboxDecider, stream, {
        type: 'ReleaseShareEmail',
        data: { mailbox: delivery.mailbox, shareId: data.shareId, now: now().toISOString() },
      }, { metadata });
      throw error;
    }
  };

  return { deliver, withdraw };
}

/**
 * A hard bounce or a spam complaint takes back the credit of the share e-mails it concerns (docs/exchange.md
 * "Bounces and complaints"): on `MailboxBounced` / `MailboxComplained`, each delivery the event names becomes a
 * `WithdrawShareCredit` on its sharer's stream. The sharer's decider makes it idempotent (a second run, or
 * a bounce after a complaint, takes nothing twice) and a completed match stays completed.
 */
import type { MailboxBounced, MailboxComplained } from '@crossfeed/domain/mailboxes/mailbox.events.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { creatorContentDecider } from '@crossfeed/domain/users/creator-content.decider.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { jobRoute, type JobSpec } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';

export const MAIL_FAILURE_QUEUE = 'mail-failure';

type MailFailureJob = { kind: 'bounced' | 'complained'; data: MailboxBounced['data'] | MailboxComplained['data'] };

export const mailFailureRoute = jobRoute({
  MailboxBounced: (event) => mailFailureJobs(event, 'bounced'),
  MailboxComplained: (event) => mailFailureJobs(event, 'complained'),
});

function mailFailureJobs(event: RecordedEvent<string, MailFailureJob['data']>, kind: MailFailureJob['kind']): JobSpec[] {
  return [{ queue: MAIL_FAILURE_QUEUE, name: 'withdraw-credit', data: { kind, data: event.data } satisfies MailFailureJob, jobId: `mail-failure-${event.id}` }];
}

const isMailFailureJob = (value: unknown): value is MailFailureJob => {
  const job = value as Partial<MailFailureJob> | null;
  return (job?.kind === 'bounced' || job?.kind === 'complained') && typeof job.data?.mailbox === 'string' && Array.isArray(job.data.deliveries);
};

export function mailFailureProcessor(deps: Pick<WorkerDeps, 'eventStore' | 'readStore'>, now: () => Date = () => new Date()) {
  const { eventStore, readStore } = deps;
  return async (job: Job<unknown>): Promise<{ withdrawn: number }> => {
    if (!isMailFailureJob(job.data)) throw new UnrecoverableJobError('mail failure job without a bounce or complaint');
    const { kind, data } = job.data;
    if (data.deliveries.length === 0) return { withdrawn: 0 };
    const [contacts, contents] = await Promise.all([
      readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: data.deliveries.map((delivery) => delivery.contactId) } }, { projection: { name: 1, user_id: 1 } }),
      readStore.collection<ContentDoc>(CONTENTS).find({ _id: { $in: data.deliveries.map((delivery) => delivery.contentId) } }, { projection: { title: 1 } }),
    ]);
    const contactName = new Map(contacts.map((contact) => [contact._id, contact]));
    const titles = new Map(contents.map((content) => [content._id, content.title]));
    let withdrawn = 0;
    for (const delivery of data.deliveries) {
      const contact = contactName.get(delivery.contactId);
      const { events } = await handleCommand(eventStore, creatorContentDecider, userStream(delivery.sharerId), {
        type: 'WithdrawShareCredit',
        data: {
          shareId: delivery.shareId,
          contentId: delivery.contentId,
          contentOwnerId: delivery.contentOwnerId,
          contentTitle: titles.get(delivery.contentId) ?? 'your share',
          sharerId: delivery.sharerId,
          contactId: delivery.contactId,
          // Only the sharer's own name for their own contact.
          contactName: contact && contact.user_id === delivery.sharerId ? contact.name : null,
          mailbox: data.mailbox,
          reason: kind,
          sharedAt: delivery.sentAt,
          now: now().toISOString(),
        },
      }, { metadata: { userId: delivery.sharerId, causationId: job.id } });
      withdrawn += events.length;
    }
    return { withdrawn };
  };
}

export function startMailFailureWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(MAIL_FAILURE_QUEUE, mailFailureProcessor(deps), { concurrency: 2 });
}

/**
 * `webhook-fanout`: one webhook event to every endpoint that should hear of it (issue 26). The audience's
 * active endpoints subscribed to the type (`{ userId }`: that creator's own; `{ founders: true }`: the
 * founder endpoints of accounts that are still admins) get one `webhook-delivery` job each, with the id
 * `webhook-delivery-{event id}-{endpoint id}`: the same fan-out run twice delivers once. An owner who is no
 * longer Premium (nor an admin) gets nothing.
 */
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { mayUseWebhooks } from '@crossfeed/domain/webhooks/webhook.decider.ts';
import { UnrecoverableJobError, type Job, type JobQueue, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { WEBHOOK_ENDPOINTS, type WebhookEndpointDoc } from '@crossfeed/projections/webhooks/webhook-endpoints.projection.ts';
import type { WorkerDeps } from '../registry.ts';
import { WEBHOOK_FANOUT_QUEUE, type WebhookFanoutJob } from './webhook-fanout-job.ts';
import { DELIVERY_JOB_OPTIONS, WEBHOOK_DELIVERY_QUEUE, webhookDeliveryJobId, type DeliveryJobOptions, type WebhookDeliveryJob } from './webhook-delivery.processor.ts';

function isFanoutJob(data: unknown): data is WebhookFanoutJob {
  const d = data as Partial<WebhookFanoutJob> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.audience === 'object' &&
    d.audience !== null &&
    typeof d.event === 'object' &&
    d.event !== null &&
    typeof d.event.id === 'string' &&
    typeof d.event.type === 'string'
  );
}

export interface WebhookFanoutDeps {
  readStore: ReadStore;
  jobQueue: Pick<JobQueue, 'addBulk'>;
  /** The delivery jobs' retries (tests use a short backoff). */
  delivery?: DeliveryJobOptions;
  clock?: () => Date;
}

/** The endpoints that hear of one event: active, subscribed, and whose owner may have webhooks. */
export async function endpointsFor(readStore: ReadStore, { audience, event }: WebhookFanoutJob, now: string): Promise<WebhookEndpointDoc[]> {
  const founders = 'founders' in audience;
  const filter = founders ? { founder: true, status: 'active' } : { user_id: audience.userId, status: 'active' };
  const subscribed = (await readStore.collection<WebhookEndpointDoc>(WEBHOOK_ENDPOINTS).find(filter)).filter((endpoint) => endpoint.events.includes(event.type));
  if (subscribed.length === 0) return [];
  const owners = await readStore.collection<UserDoc>(USERS).find({ _id: { $in: [...new Set(subscribed.map((endpoint) => endpoint.user_id))] } });
  const byId = new Map(owners.map((owner) => [owner._id, owner]));
  return subscribed.filter((endpoint) => {
    const owner = byId.get(endpoint.user_id);
    if (!owner) return false;
    if (founders) return owner.is_admin;
    return mayUseWebhooks(isPremiumActive(owner, now), owner.is_admin);
  });
}

export function webhookFanoutProcessor(deps: WebhookFanoutDeps) {
  const options = deps.delivery ?? DELIVERY_JOB_OPTIONS;
  const clock = deps.clock ?? (() => new Date());
  return async (job: Job<WebhookFanoutJob>): Promise<{ endpoints: number }> => {
    if (!isFanoutJob(job.data)) throw new UnrecoverableJobError('webhook-fanout: malformed job');
    const { event } = job.data;
    const endpoints = await endpointsFor(deps.readStore, job.data, clock().toISOString());
    if (endpoints.length === 0) return { endpoints: 0 };
    await deps.jobQueue.addBulk<WebhookDeliveryJob>(
      WEBHOOK_DELIVERY_QUEUE,
      endpoints.map((endpoint) => ({
        name: 'deliver',
        data: { endpointId: endpoint._id, userId: endpoint.user_id, event },
        options: { jobId: webhookDeliveryJobId(event.id, endpoint._id), attempts: options.attempts, backoffMs: options.backoffMs },
      })),
    );
    return { endpoints: endpoints.length };
  };
}

export function startWebhookFanoutWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(WEBHOOK_FANOUT_QUEUE, webhookFanoutProcessor(deps), { concurrency: 2 });
}

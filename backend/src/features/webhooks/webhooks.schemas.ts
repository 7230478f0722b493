import { z } from 'zod';

/** POST /api/webhooks: the URL and the events (the rules on both are the decider's: webhook.decider.ts). */
export const WebhookBody = z.strictObject({
  url: z.string({ error: 'is required.' }).trim().min(1, 'is required.'),
  events: z.array(z.string().trim(), { error: 'must be a list of event names.' }).max(100),
});
export type WebhookBodyInput = z.infer<typeof WebhookBody>;

/** Commands of the `webhooks-{userId}` stream. Ids, the time, the caller's tier and role come from the caller. */

export interface AddWebhookEndpoint {
  type: 'AddWebhookEndpoint';
  data: {
    endpointId: string;
    userId: string;
    url: string;
    events: string[];
    isPremium: boolean;
    isAdmin: boolean;
    /** Not production: a loopback receiver over http is accepted (local receivers, e2e). */
    allowLoopbackHttp: boolean;
    now: string;
  };
}

export interface RemoveWebhookEndpoint {
  type: 'RemoveWebhookEndpoint';
  data: { endpointId: string; userId: string; now: string };
}

export interface RotateWebhookSecret {
  type: 'RotateWebhookSecret';
  data: { endpointId: string; userId: string; now: string };
}

/** The delivery worker's: every delivery failed for 3 days. */
export interface DisableWebhookEndpoint {
  type: 'DisableWebhookEndpoint';
  data: { endpointId: string; userId: string; reason: string; now: string };
}

export type WebhookCommand = AddWebhookEndpoint | RemoveWebhookEndpoint | RotateWebhookSecret | DisableWebhookEndpoint;

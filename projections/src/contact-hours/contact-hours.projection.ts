import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const CONTACT_HOURS = 'contact_hours';

/**
 * One contact's people's clicks by hour of the day (UTC), `h0` to `h23`: when their share e-mails go with
 * "send at the best time" (domain/src/rules/best-send-time.ts). Bots and clicks without a known contact
 * say nothing of a person's habits and are left out.
 */
export interface ContactHoursDoc extends Doc {
  [hour: `h${number}`]: number;
}

export const contactHoursProjection = defineProjection({
  name: 'contact-hours',
  version: 1,
  collections: { [CONTACT_HOURS]: [] },
  handlers: {
    LinkClicked: ({ data }) => {
      if (!data.human || !data.contactId) return [];
      const hour = new Date(data.clickedAt).getUTCHours();
      return [{ op: 'upsert', collection: CONTACT_HOURS, id: data.contactId, update: { $inc: { [`h${hour}`]: 1 } } }];
    },
  },
});

import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

/** Events of `audience-{userId}`: the creator's audience records (their channels and audiences). */
export interface AudienceRecordFields {
  name: string;
  platform: string;
  size: number;
  engagementRate: number | null;
  notes: string;
}
export type AudienceRecordAdded = DomainEvent<
  'AudienceRecordAdded',
  { recordId: string; userId: string; addedAt: string } & AudienceRecordFields
>;
export type AudienceRecordUpdated = DomainEvent<
  'AudienceRecordUpdated',
  { recordId: string; userId: string; updatedAt: string } & AudienceRecordFields
>;
export type AudienceRecordRemoved = DomainEvent<'AudienceRecordRemoved', { recordId: string; userId: string; removedAt: string }>;
export type AudienceEvent = AudienceRecordAdded | AudienceRecordUpdated | AudienceRecordRemoved;

const AudienceRecordFieldsSchema = { name: z.string(), platform: z.string(), size: z.number(), engagementRate: z.number().nullable(), notes: z.string() };
/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const audienceEventSchemas = {
  AudienceRecordAdded: z.object({ recordId: z.string(), userId: z.string(), addedAt: z.string(), ...AudienceRecordFieldsSchema }),
  AudienceRecordUpdated: z.object({ recordId: z.string(), userId: z.string(), updatedAt: z.string(), ...AudienceRecordFieldsSchema }),
  AudienceRecordRemoved: z.object({ recordId: z.string(), userId: z.string(), removedAt: z.string() }),
} satisfies EventSchemas<AudienceEvent>;

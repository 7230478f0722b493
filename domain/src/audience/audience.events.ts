import type { DomainEvent } from '../shared/decider.ts';

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

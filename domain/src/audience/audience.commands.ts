import type { AudienceRecordFields } from './audience.events.ts';

export interface AddAudienceRecord {
  type: 'AddAudienceRecord';
  data: { recordId: string; userId: string; now: string } & AudienceRecordFields;
}

/** Changes only the given fields; the result must still satisfy every rule. */
export interface UpdateAudienceRecord {
  type: 'UpdateAudienceRecord';
  data: { recordId: string; userId: string; changes: Partial<AudienceRecordFields>; now: string };
}

export interface RemoveAudienceRecord {
  type: 'RemoveAudienceRecord';
  data: { recordId: string; userId: string; now: string };
}

export type AudienceCommand = AddAudienceRecord | UpdateAudienceRecord | RemoveAudienceRecord;

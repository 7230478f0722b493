import type { Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { AudienceCommand } from './audience.commands.ts';
import type { AudienceEvent, AudienceRecordFields } from './audience.events.ts';

/** Limits of an audience record (SPEC does not show its fields; these are ours). */
export const AUDIENCE_NAME_MAX = 100;
export const AUDIENCE_PLATFORM_MAX = 50;
export const AUDIENCE_NOTES_MAX = 500;

export const AUDIENCE_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name is longer than ${AUDIENCE_NAME_MAX} characters.`,
  platformRequired: 'Platform is required.',
  platformTooLong: `Platform is longer than ${AUDIENCE_PLATFORM_MAX} characters.`,
  size: 'Size must be a whole number of 0 or more.',
  engagementRate: 'Engagement rate must be a number from 0 to 100.',
  notesTooLong: `Notes are longer than ${AUDIENCE_NOTES_MAX} characters.`,
  notFound: 'Audience record not found.',
} as const;

/** The first broken rule of an audience record, or null. */
export function audienceRecordProblem(fields: AudienceRecordFields): string | null {
  const name = fields.name.trim();
  if (!name) return AUDIENCE_MESSAGES.nameRequired;
  if (name.length > AUDIENCE_NAME_MAX) return AUDIENCE_MESSAGES.nameTooLong;
  const platform = fields.platform.trim();
  if (!platform) return AUDIENCE_MESSAGES.platformRequired;
  if (platform.length > AUDIENCE_PLATFORM_MAX) return AUDIENCE_MESSAGES.platformTooLong;
  if (!Number.isSafeInteger(fields.size) || fields.size < 0) return AUDIENCE_MESSAGES.size;
  const rate = fields.engagementRate;
  if (rate !== null && !(Number.isFinite(rate) && rate >= 0 && rate <= 100)) return AUDIENCE_MESSAGES.engagementRate;
  if (fields.notes.length > AUDIENCE_NOTES_MAX) return AUDIENCE_MESSAGES.notesTooLong;
  return null;
}

function normalized(fields: AudienceRecordFields): AudienceRecordFields {
  const problem = audienceRecordProblem(fields);
  if (problem) throw new ValidationError(problem);
  return {
    name: fields.name.trim(),
    platform: fields.platform.trim(),
    size: fields.size,
    engagementRate: fields.engagementRate,
    notes: fields.notes.trim(),
  };
}

/** The creator's audience records (`audience-{userId}`), by id. */
export interface AudienceState {
  /** Updated in place: O(1) per event. */
  records: Map<string, AudienceRecordFields>;
}

const pick = ({ name, platform, size, engagementRate, notes }: AudienceRecordFields): AudienceRecordFields => ({
  name,
  platform,
  size,
  engagementRate,
  notes,
});

export const audienceDecider: Decider<AudienceState, AudienceCommand, AudienceEvent> = {
  initialState: () => ({ records: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'AudienceRecordAdded':
      case 'AudienceRecordUpdated':
        state.records.set(event.data.recordId, pick(event.data));
        return state;
      case 'AudienceRecordRemoved':
        state.records.delete(event.data.recordId);
        return state;
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddAudienceRecord': {
        const { recordId, userId, now } = command.data;
        if (state.records.has(recordId)) throw new ConflictError('Audience record already added.');
        return [{ type: 'AudienceRecordAdded', data: { recordId, userId, addedAt: now, ...normalized(pick(command.data)) } }];
      }
      case 'UpdateAudienceRecord': {
        const { recordId, userId, changes, now } = command.data;
        const current = state.records.get(recordId);
        if (!current) throw new NotFoundError(AUDIENCE_MESSAGES.notFound);
        const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
        const next = normalized({ ...current, ...defined });
        return [{ type: 'AudienceRecordUpdated', data: { recordId, userId, updatedAt: now, ...next } }];
      }
      case 'RemoveAudienceRecord': {
        const { recordId, userId, now } = command.data;
        if (!state.records.has(recordId)) throw new NotFoundError(AUDIENCE_MESSAGES.notFound);
        return [{ type: 'AudienceRecordRemoved', data: { recordId, userId, removedAt: now } }];
      }
    }
  },
};

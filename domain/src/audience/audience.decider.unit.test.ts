import { describe, test } from 'node:test';
import { NotFoundError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { AudienceRecordAdded, AudienceRecordFields } from './audience.events.ts';
import { audienceDecider } from './audience.decider.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';
import assert from 'node:assert/strict';

const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const fields: AudienceRecordFields = { name: 'Newsletter', platform: 'Substack', size: 1200, engagementRate: 42.5, notes: '' };
const added: AudienceRecordAdded = { type: 'AudienceRecordAdded', data: { recordId: 'r1', userId: 'u1', addedAt: now, ...fields } };
const spec = deciderSpec(audienceDecider);

describe('audience decider', () => {
  test('adds a record with trimmed text fields', () => {
    spec
      .given([])
      .when({ type: 'AddAudienceRecord', data: { recordId: 'r1', userId: 'u1', now, ...fields, name: ' Newsletter ', platform: 'Substack ' } })
      .then([added]);
  });

  test('enforces the field rules', () => {
    const add = (overrides: Partial<AudienceRecordFields>) =>
      spec.given([]).when({ type: 'AddAudienceRecord', data: { recordId: 'r1', userId: 'u1', now, ...fields, ...overrides } });
    add({ name: ' ' }).thenThrows(ValidationError, /^Name is required\.$/);
    add({ name: 'n'.repeat(101) }).thenThrows(ValidationError, /Name is longer than 100/);
    add({ platform: '' }).thenThrows(ValidationError, /^Platform is required\.$/);
    add({ platform: 'p'.repeat(51) }).thenThrows(ValidationError, /Platform is longer than 50/);
    add({ size: -1 }).thenThrows(ValidationError, /Size/);
    add({ size: 1.5 }).thenThrows(ValidationError, /Size/);
    add({ engagementRate: 100.1 }).thenThrows(ValidationError, /Engagement rate/);
    add({ engagementRate: -0.1 }).thenThrows(ValidationError, /Engagement rate/);
    add({ notes: 'x'.repeat(501) }).thenThrows(ValidationError, /Notes/);
    add({ engagementRate: null, size: 0, notes: 'x'.repeat(500) }).then([
      { type: 'AudienceRecordAdded', data: { recordId: 'r1', userId: 'u1', addedAt: now, ...fields, engagementRate: null, size: 0, notes: 'x'.repeat(500) } },
    ]);
  });

  test('updates only the given fields and keeps the rest', () => {
    spec
      .given([added])
      .when({ type: 'UpdateAudienceRecord', data: { recordId: 'r1', userId: 'u1', now: later, changes: { size: 1500, engagementRate: null } } })
      .then([{ type: 'AudienceRecordUpdated', data: { recordId: 'r1', userId: 'u1', updatedAt: later, ...fields, size: 1500, engagementRate: null } }]);
  });

  test('rejects an update that breaks a rule', () => {
    spec
      .given([added])
      .when({ type: 'UpdateAudienceRecord', data: { recordId: 'r1', userId: 'u1', now: later, changes: { platform: '' } } })
      .thenThrows(ValidationError, /Platform is required/);
  });

  test('answers not found when updating or removing an unknown or removed record', () => {
    spec
      .given([])
      .when({ type: 'UpdateAudienceRecord', data: { recordId: 'r1', userId: 'u1', now, changes: { size: 1 } } })
      .thenThrows(NotFoundError, /Audience record not found/);
    const removed = { type: 'AudienceRecordRemoved', data: { recordId: 'r1', userId: 'u1', removedAt: later } } as const;
    spec.given([added]).when({ type: 'RemoveAudienceRecord', data: { recordId: 'r1', userId: 'u1', now: later } }).then([removed]);
    spec.given([added, removed]).when({ type: 'RemoveAudienceRecord', data: { recordId: 'r1', userId: 'u1', now: later } }).thenThrows(NotFoundError);
  });
});

describe('audience decider: long streams', () => {
  test('folding 100,000 events stays linear: the records map is updated in place', () => {
    const state = foldInPlace(
      audienceDecider,
      LONG_STREAM,
      (i) => ({ ...added, data: { ...added.data, recordId: `r${i}` } }),
      (s) => [s.records],
    );
    assert.equal(state.records.size, LONG_STREAM);
  });
});

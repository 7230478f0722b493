import { describe, expect, it } from 'vitest';
import { CONTENT_STATUS_LABELS, contentStatusLabel, ownerStatusOf } from './content-status-labels';

describe('content status labels', () => {
  it('names every owner and moderation status once; a moderator’s deleted is Removed', () => {
    expect(contentStatusLabel('under_review')).toBe('Under review');
    expect(contentStatusLabel('deleted')).toBe('Removed');
    expect(contentStatusLabel(' Active ')).toBe('Active');
    expect(Object.keys(CONTENT_STATUS_LABELS)).toHaveLength(9);
  });

  it('shows an unknown status as it is, and nothing as Unknown', () => {
    expect(contentStatusLabel('archived')).toBe('archived');
    expect(contentStatusLabel('')).toBe('Unknown');
    expect(contentStatusLabel(null)).toBe('Unknown');
    expect(contentStatusLabel('constructor')).toBe('constructor');
  });

  it('tells owner statuses from the rest', () => {
    expect(ownerStatusOf('Pending')).toBe('pending');
    expect(ownerStatusOf('flagged')).toBeNull();
    expect(ownerStatusOf(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { typeGroupOf, typeLabel } from './content-labels';

describe('admin content labels', () => {
  it('groups content types as article, video, image, pdf, code and other (SPEC §3)', () => {
    expect(['article', 'video', 'image', 'pdf', 'code'].map(typeGroupOf)).toEqual(['article', 'video', 'image', 'pdf', 'code']);
    expect(typeGroupOf('Video')).toBe('video');
    expect(typeGroupOf('podcast')).toBe('other');
    expect(typeGroupOf(null)).toBe('other');
  });

  it('labels the type by its group, with the raw value (or Unknown) for other', () => {
    expect(typeLabel('pdf')).toBe('PDF');
    expect(typeLabel('podcast')).toBe('Other (podcast)');
    expect(typeLabel(null)).toBe('Other (Unknown)');
  });
});

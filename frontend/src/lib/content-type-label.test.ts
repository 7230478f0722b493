import { describe, expect, it } from 'vitest';
import { contentTypeLabel } from './content-type-label';

describe('contentTypeLabel', () => {
  it('gives a type a capital first letter', () => {
    expect(contentTypeLabel('podcast')).toBe('Podcast');
    expect(contentTypeLabel('')).toBe('');
  });
});

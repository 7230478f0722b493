import { describe, expect, it } from 'vitest';
import { shareCountLabel, shortLinkPath, shortLinkUrl, typeLabel } from './content-labels';

describe('content labels', () => {
  it('capitalises known types, keeps unknown raw values, and says Unknown when missing', () => {
    expect(typeLabel('VIDEO')).toBe('Video');
    expect(typeLabel('hologram')).toBe('hologram');
    expect(typeLabel(null)).toBe('Unknown');
  });

  it("reads '1 share' and 'N shares'", () => {
    expect(shareCountLabel(1)).toBe('1 share');
    expect(shareCountLabel(0)).toBe('0 shares');
    expect(shareCountLabel(12)).toBe('12 shares');
    expect(shareCountLabel(undefined)).toBe('0 shares');
  });

  it('shows short links as /links/{short_code} on the same origin', () => {
    expect(shortLinkPath('ab12cd')).toBe('/links/ab12cd');
    expect(shortLinkUrl('ab12cd', 'https://crossfeed.example')).toBe('https://crossfeed.example/links/ab12cd');
  });
});

import { describe, expect, it } from 'vitest';
import { exchangeSummary, explain, formatCount, partnerName, snapshotNote, withheld } from './overlap-texts';

describe('overlap texts', () => {
  it('says how the shared count is computed, naming the partner', () => {
    expect(explain.shared('bob')).toBe(
      'Contacts whose e-mail appears in both your and bob\u2019s contact lists, compared by a one-way hash; neither side sees the other\u2019s contacts.',
    );
    expect(explain.ofTheirs(partnerName(null))).toBe('The shared contacts as a share of all of this partner\u2019s contacts.');
  });

  it('summarises the exchange both ways, once or many times', () => {
    expect(exchangeSummary(2, 1)).toBe('You shared their content 2 times \u00b7 they shared yours once');
    expect(exchangeSummary(0, 3)).toBe('They shared yours 3 times');
    expect(exchangeSummary(1, 0)).toBe('You shared their content once');
  });

  it('names the thresholds when numbers are withheld', () => {
    expect(withheld.few()).toMatch(/^Fewer than 3 shared contacts, possibly none\./);
    expect(withheld.yourAudienceSmall()).toMatch(/^Add at least 10 contacts to compare your audience \(contacts added today count from tomorrow\)/);
    expect(withheld.theirAudienceSmall('bob')).toMatch(/^bob has too few contacts/);
  });

  it('names the UTC day of the snapshot the lists were compared as of', () => {
    expect(snapshotNote('2026-12-31T00:00:00.000Z')).toBe(
      'Both contact lists as they stood at 00:00 UTC on December 31, 2026: contacts added or removed since count from the next day.',
    );
  });

  it('groups the thousands of a count', () => {
    expect(formatCount(5)).toBe('5');
    expect(formatCount(12000)).toBe('12,000');
  });
});

import { describe, expect, it } from 'vitest';
import {
  categoriesFromProfile,
  categoryOptions,
  contentTypeOptions,
  formatAudienceScore,
  interestOptions,
  toggleCategory,
  toUpdateBody,
  validateProfile,
} from './profile-form';

describe('profile form rules', () => {
  it('maps stored lowercase categories to the setup names, keeping unknown ones once', () => {
    expect(categoriesFromProfile(['technology', 'ART', 'Technology', 'cooking', ' Cooking ', '', 3])).toEqual([
      'Technology',
      'Art',
      'cooking',
    ]);
    expect(categoriesFromProfile(null)).toEqual([]);
  });

  it('offers the five fixed categories plus chosen ones outside them', () => {
    expect(categoryOptions([])).toEqual(['Technology', 'Art', 'Science', 'Health', 'Business']);
    expect(categoryOptions(['Art', 'cooking'])).toEqual(['Technology', 'Art', 'Science', 'Health', 'Business', 'cooking']);
  });

  it('offers the interests of the chosen categories in category order, plus chosen interests outside them', () => {
    expect(interestOptions([], [])).toEqual([]);
    expect(interestOptions(['Health', 'Technology'], ['Knitting', 'Fitness'])).toEqual([
      'Web Development',
      'Artificial Intelligence',
      'Cybersecurity',
      'Cloud Computing',
      'Fitness',
      'Nutrition',
      'Mental Health',
      'Wellness',
      'Knitting',
    ]);
  });

  it('deselecting a category drops its interests and keeps the others', () => {
    const selection = { categories: ['Art', 'Science'], interests: ['Music', 'Space', 'Knitting'] };
    expect(toggleCategory(selection, 'Art')).toEqual({ categories: ['Science'], interests: ['Space', 'Knitting'] });
    expect(toggleCategory(selection, 'Health')).toEqual({ categories: ['Art', 'Science', 'Health'], interests: selection.interests });
  });

  it("requires name, categories and content type with 'Name, categories and content type are required.'", () => {
    const valid = { name: 'Ada', categories: ['Art'], contentType: 'video' };
    expect(validateProfile(valid)).toBeNull();
    for (const invalid of [{ ...valid, name: '   ' }, { ...valid, categories: [] }, { ...valid, contentType: '' }]) {
      expect(validateProfile(invalid)).toBe('Name, categories and content type are required.');
    }
  });

  it('builds the PUT body trimmed, with lowercase categories', () => {
    expect(
      toUpdateBody({ name: ' Ada ', bio: ' Bio ', categories: ['Technology', 'Art'], interests: ['Music'], contentType: 'video' }),
    ).toEqual({ name: 'Ada', bio: 'Bio', categories: ['technology', 'art'], interests: ['Music'], content_type: 'video' });
  });

  it("shows the audience score with one decimal out of 100, or 'N/A'", () => {
    expect(formatAudienceScore(72)).toBe('72.0 / 100');
    expect(formatAudienceScore(72.46)).toBe('72.5 / 100');
    expect(formatAudienceScore(null)).toBe('N/A');
    expect(formatAudienceScore(undefined)).toBe('N/A');
    expect(formatAudienceScore(Number.NaN)).toBe('N/A');
  });

  it("adds the profile's current content type when the server list lacks it", () => {
    expect(contentTypeOptions(['article', 'video'], 'video')).toEqual(['article', 'video']);
    expect(contentTypeOptions(['article'], 'zine')).toEqual(['article', 'zine']);
    expect(contentTypeOptions(['article'], '')).toEqual(['article']);
  });
});

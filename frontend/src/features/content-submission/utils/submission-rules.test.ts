import { describe, expect, it } from 'vitest';
import {
  EMPTY_SUBMISSION_FORM,
  SUGGESTED_CATEGORIES,
  readSubmissionInfo,
  remainingLabel,
  toSubmission,
  validateSubmission,
} from './submission-rules';

const REQUIRED = 'Please fill in all required fields.';
const valid = { ...EMPTY_SUBMISSION_FORM, title: 'Post', url: 'https://example.com/a', contentType: 'article', categories: ['Art'] };

describe('submission rules', () => {
  it('offers the profile and search categories once each, ignoring case', () => {
    expect(SUGGESTED_CATEGORIES).toEqual([
      'Technology', 'Art', 'Science', 'Health', 'Business', 'Education', 'Finance', 'AI', 'Blockchain', 'Lifestyle', 'Travel',
    ]);
  });

  it('builds the payload with trimmed text and trimmed, lowercased, unique categories', () => {
    expect(
      toSubmission({
        title: ' Post ',
        description: '  About it ',
        url: ' https://example.com/a ',
        contentType: 'Video',
        categories: ['Technology', 'AI'],
        otherCategories: ' ai , Web Dev,, technology ',
      }),
    ).toEqual({
      title: 'Post',
      description: 'About it',
      url: 'https://example.com/a',
      content_type: 'video',
      categories: ['technology', 'ai', 'web dev'],
    });
  });

  it('requires a title, a valid http(s) url, a content type and a category; description is optional', () => {
    expect(validateSubmission(toSubmission(valid))).toBeNull();
    expect(validateSubmission(toSubmission({ ...valid, title: '   ' }))).toBe(REQUIRED);
    expect(validateSubmission(toSubmission({ ...valid, url: '' }))).toBe(REQUIRED);
    expect(validateSubmission(toSubmission({ ...valid, url: 'not a url' }))).toBe(REQUIRED);
    expect(validateSubmission(toSubmission({ ...valid, url: 'ftp://example.com/file' }))).toBe(REQUIRED);
    expect(validateSubmission(toSubmission({ ...valid, contentType: '' }))).toBe(REQUIRED);
    expect(validateSubmission(toSubmission({ ...valid, categories: [], otherCategories: ' , ' }))).toBe(REQUIRED);
    expect(validateSubmission(toSubmission({ ...valid, categories: [], otherCategories: 'cooking' }))).toBeNull();
  });

  it('reads the submission info and shows -1 or less as Unlimited', () => {
    const info = { weekly_submission_count: 1, last_submission_date: null, can_submit: true, submissions_remaining: 2 };
    expect(readSubmissionInfo(info)).toEqual(info);
    expect(readSubmissionInfo({ can_submit: 'yes', submissions_remaining: 2 })).toBeNull();
    expect(readSubmissionInfo(null)).toBeNull();
    expect(remainingLabel(2)).toBe('2');
    expect(remainingLabel(0)).toBe('0');
    expect(remainingLabel(-1)).toBe('Unlimited');
    expect(remainingLabel(-5)).toBe('Unlimited');
  });
});

import { CONTENT_TYPES, PROFILE_CATEGORIES, SEARCH_CATEGORIES, normalizeCategories } from '@crossfeed/domain/rules/content-types.ts';
import { MESSAGES, isHttpUrl } from '@crossfeed/domain/rules/validation.ts';
import type { SubmissionInfo } from '../api/get-submission-info';
import type { ContentSubmission } from '../api/submit-content';
import { UNLIMITED } from '../messages';

/**
 * Categories offered as checkboxes: the profile categories (what matching compares against) and the
 * advanced search categories, once each ignoring case. Others can be typed.
 */
export const SUGGESTED_CATEGORIES: readonly string[] = (() => {
  const seen = new Set<string>();
  return [...Object.keys(PROFILE_CATEGORIES), ...SEARCH_CATEGORIES].filter((category) => {
    const key = category.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
})();

export type SubmissionForm = {
  title: string;
  description: string;
  url: string;
  contentType: string;
  /** Checked suggestions. */
  categories: readonly string[];
  /** Typed categories, separated by commas. */
  otherCategories: string;
};

export const EMPTY_SUBMISSION_FORM: SubmissionForm = {
  title: '',
  description: '',
  url: '',
  contentType: '',
  categories: [],
  otherCategories: '',
};

/** The SPEC §3 payload: text trimmed, categories (checked and typed) trimmed, lowercased, without repeats. */
export function toSubmission(form: SubmissionForm): ContentSubmission {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    url: form.url.trim(),
    content_type: form.contentType.trim().toLowerCase(),
    categories: normalizeCategories([...form.categories, ...form.otherCategories.split(',')]),
  };
}

/**
 * SPEC §5 Add content: title, a valid url, a content type and at least one category, otherwise
 * 'Please fill in all required fields.' Description is optional. Null when the payload may be sent.
 */
export function validateSubmission(payload: ContentSubmission): string | null {
  const complete = payload.title !== '' && isHttpUrl(payload.url) && payload.content_type !== '' && payload.categories.length > 0;
  return complete ? null : MESSAGES.contentRequired;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The submission-info answer when it has the SPEC §3 shape, else null. */
export function readSubmissionInfo(answer: unknown): SubmissionInfo | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const info = answer as Partial<SubmissionInfo>;
  if (typeof info.can_submit !== 'boolean' || !isCount(info.submissions_remaining)) return null;
  return {
    weekly_submission_count: isCount(info.weekly_submission_count) ? info.weekly_submission_count : 0,
    last_submission_date: typeof info.last_submission_date === 'string' ? info.last_submission_date : null,
    can_submit: info.can_submit,
    submissions_remaining: info.submissions_remaining,
  };
}

/** SPEC §4 Submission: a remaining count of -1 or less is 'Unlimited' (Premium has no counter). */
export const isUnlimited = (remaining: number): boolean => remaining <= -1;
export const remainingLabel = (remaining: number): string => (isUnlimited(remaining) ? UNLIMITED : String(remaining));

/** Offered when the server's list cannot be read: the same list the server validates against. */
export const FALLBACK_CONTENT_TYPES: readonly string[] = CONTENT_TYPES;

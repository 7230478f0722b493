import { CONTENT_TYPES, PROFILE_CATEGORIES } from '@crossfeed/domain/rules/content-types.ts';
import { PROFILE_BIO_MAX, PROFILE_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';

/** SPEC §5 Profile setup rules, kept out of the component so they can be tested directly. */
export type ProfileCategory = keyof typeof PROFILE_CATEGORIES;
export const CATEGORY_NAMES = Object.keys(PROFILE_CATEGORIES) as ProfileCategory[];
export { CONTENT_TYPES, PROFILE_BIO_MAX, PROFILE_NAME_MAX };
export const DEFAULT_CONTENT_TYPE = 'article';

export const PROFILE_CREATE_FAILED = 'Failed to create profile.';
export const PROFILE_UNEXPECTED = 'An unexpected error occurred.';

export function validateBasicInfo(name: string, bio: string): string | null {
  return name.trim() && bio.trim() ? null : MESSAGES.profileStep1;
}

export function validateInterests(categories: readonly string[], interests: readonly string[]): string | null {
  return categories.length > 0 && interests.length > 0 ? null : MESSAGES.profileStep2;
}

/** The interests offered for the chosen categories, in category order. */
export function interestsFor(categories: readonly ProfileCategory[]): string[] {
  return CATEGORY_NAMES.filter((name) => categories.includes(name)).flatMap((name) => [...PROFILE_CATEGORIES[name]]);
}

/** Toggles a category; deselecting it drops the interests that belonged to it. */
export function toggleCategory(
  selection: { categories: ProfileCategory[]; interests: string[] },
  category: ProfileCategory,
): { categories: ProfileCategory[]; interests: string[] } {
  if (!selection.categories.includes(category)) {
    return { categories: [...selection.categories, category], interests: selection.interests };
  }
  const categories = selection.categories.filter((name) => name !== category);
  const offered = new Set(interestsFor(categories));
  return { categories, interests: selection.interests.filter((interest) => offered.has(interest)) };
}

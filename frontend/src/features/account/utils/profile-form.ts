import { PROFILE_CATEGORIES, normalizeCategories } from '@crossfeed/domain/rules/content-types.ts';
import { PROFILE_REQUIRED } from '../messages';

/** The Profile Information form's rules (SPEC §2 Modals, §5 Profile modal), kept pure to test them directly. */

type KnownCategory = keyof typeof PROFILE_CATEGORIES;
export const CATEGORY_NAMES = Object.keys(PROFILE_CATEGORIES) as KnownCategory[];

const known = (category: string): KnownCategory | undefined =>
  CATEGORY_NAMES.find((name) => name.toLowerCase() === category.trim().toLowerCase());

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The server stores categories lowercase ('technology'); the form shows the setup's names ('Technology').
 * A category outside the fixed list is kept as stored, without repeats.
 */
export function categoriesFromProfile(categories: readonly unknown[] | null | undefined): string[] {
  const result: string[] = [];
  for (const category of categories ?? []) {
    if (typeof category !== 'string' || !category.trim()) continue;
    const label = known(category) ?? category.trim();
    if (!result.some((chosen) => sameText(chosen, label))) result.push(label);
  }
  return result;
}

/** The fixed categories, then any chosen one outside them (so saving never drops it silently). */
export function categoryOptions(selected: readonly string[]): string[] {
  return [...CATEGORY_NAMES, ...selected.filter((category) => !known(category))];
}

/** The interests of the chosen categories (in category order), then any chosen interest outside them. */
export function interestOptions(categories: readonly string[], interests: readonly string[]): string[] {
  const offered: string[] = CATEGORY_NAMES.filter((name) => categories.some((category) => sameText(category, name))).flatMap(
    (name) => [...PROFILE_CATEGORIES[name]],
  );
  return [...offered, ...interests.filter((interest) => !offered.includes(interest))];
}

export type ProfileSelection = { categories: string[]; interests: string[] };

/** Toggles a category; deselecting one of the fixed categories drops its interests (SPEC §5 Profile setup). */
export function toggleCategory(selection: ProfileSelection, category: string): ProfileSelection {
  if (!selection.categories.some((chosen) => sameText(chosen, category))) {
    return { categories: [...selection.categories, category], interests: selection.interests };
  }
  const name = known(category);
  const dropped: readonly string[] = name ? PROFILE_CATEGORIES[name] : [];
  return {
    categories: selection.categories.filter((chosen) => !sameText(chosen, category)),
    interests: selection.interests.filter((interest) => !dropped.includes(interest)),
  };
}

export function toggleInterest(interests: readonly string[], interest: string): string[] {
  return interests.includes(interest) ? interests.filter((chosen) => chosen !== interest) : [...interests, interest];
}

/** SPEC §5 Profile modal: name, categories and content type are required. */
export function validateProfile(input: { name: string; categories: readonly string[]; contentType: string }): string | null {
  return input.name.trim() && input.categories.length > 0 && input.contentType ? null : PROFILE_REQUIRED;
}

/** The PUT body: trimmed text and lowercase categories, as the server stores them. */
export function toUpdateBody(input: { name: string; bio: string; categories: readonly string[]; interests: readonly string[]; contentType: string }) {
  return {
    name: input.name.trim(),
    bio: input.bio.trim(),
    categories: normalizeCategories(input.categories),
    interests: [...input.interests],
    content_type: input.contentType,
  };
}

/** The audience score as the modal shows it: one decimal out of 100, or 'N/A' without a score. */
export function formatAudienceScore(score: number | null | undefined): string {
  return typeof score === 'number' && Number.isFinite(score) ? `${score.toFixed(1)} / 100` : 'N/A';
}

/** Content types offered: the server's list, plus the profile's current one when it is not in it. */
export function contentTypeOptions(types: readonly string[], current: string): string[] {
  return current && !types.includes(current) ? [...types, current] : [...types];
}

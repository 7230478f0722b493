/** SPEC §3 Content types, statuses and moderation values. */
export const CONTENT_TYPES = [
  'article', 'video', 'image', 'pdf', 'code', 'audio', 'podcast', 'presentation', 'thread',
  'link', 'note', 'technology', 'art', 'health', 'science', 'newsletter', 'blog',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Owner-view statuses. */
export const OWNER_STATUSES = ['shared', 'pending', 'active', 'inactive', 'error'] as const;
/** Moderation statuses an admin may set (SPEC §4 Content moderation status). */
export const MODERATION_STATUSES = ['flagged', 'under_review', 'approved', 'deleted'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];


/** Profile categories and their interests (SPEC §5 Profile setup: five categories, four interests each). */
export const PROFILE_CATEGORIES = {
  Technology: ['Web Development', 'Artificial Intelligence', 'Cybersecurity', 'Cloud Computing'],
  Art: ['Digital Art', 'Photography', 'Illustration', 'Music'],
  Science: ['Physics', 'Biology', 'Space', 'Climate'],
  Health: ['Fitness', 'Nutrition', 'Mental Health', 'Wellness'],
  Business: ['Marketing', 'Entrepreneurship', 'Finance', 'Productivity'],
} as const;

/** Advanced search categories (SPEC §5 Advanced search), sent in lowercase. */
export const SEARCH_CATEGORIES = [
  'Technology', 'Art', 'Health', 'Science', 'Education', 'Finance', 'AI', 'Blockchain', 'Lifestyle', 'Travel',
] as const;
export const SEARCH_SORTS = ['relevance', 'date', 'views'] as const;

/** Categories are stored trimmed and lowercase, without duplicates. */
export function normalizeCategories(categories: readonly string[]): string[] {
  return [...new Set(categories.map((category) => category.trim().toLowerCase()).filter(Boolean))];
}

/** A content type as people read it: 'article' → 'Article' (forms, badges, the share e-mail). */
export const contentTypeLabel = (type: string): string => type.charAt(0).toUpperCase() + type.slice(1);

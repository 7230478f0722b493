import { MODERATION_STATUSES } from '@crossfeed/domain/rules/content-types.ts';

/** SPEC §3: the admin page groups content types as article, video, image, pdf, code and other. */
export const TYPE_GROUPS = ['article', 'video', 'image', 'pdf', 'code', 'other'] as const;
export type TypeGroup = (typeof TYPE_GROUPS)[number];

const GROUP_LABELS: Record<TypeGroup, string> = {
  article: 'Article',
  video: 'Video',
  image: 'Image',
  pdf: 'PDF',
  code: 'Code',
  other: 'Other',
};

export function typeGroupOf(type: string | null | undefined): TypeGroup {
  const value = (type ?? '').trim().toLowerCase();
  return (TYPE_GROUPS as readonly string[]).includes(value) && value !== 'other' ? (value as TypeGroup) : 'other';
}

export const typeGroupLabel = (group: TypeGroup): string => GROUP_LABELS[group];

/** The type cell: the group, and for "other" the raw value (or Unknown) so nothing is hidden from the admin. */
export function typeLabel(type: string | null | undefined): string {
  const group = typeGroupOf(type);
  if (group !== 'other') return GROUP_LABELS[group];
  const raw = type?.trim();
  return raw ? `Other (${raw})` : 'Other (Unknown)';
}

export const isModerationStatus = (status: string | null | undefined): boolean =>
  (MODERATION_STATUSES as readonly string[]).includes(status ?? '');

export function formatFlagTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

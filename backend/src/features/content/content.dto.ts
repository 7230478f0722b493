// The mapping lives beside the read model so the push reactor (projections) returns the same shape.
export { toContentDto } from '@crossfeed/projections/contents/content.dto.ts';
export type { ContentDto } from '@crossfeed/projections/contents/content.dto.ts';

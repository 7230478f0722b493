import type { ContentDto, MatchedContentDto, RankBasisDto } from '@crossfeed/domain/api/content.dto.ts';
import type { WorkspaceDto, WorkspaceMatchDto } from '@crossfeed/domain/api/workspace.dto.ts';

export type { ContentDto, MatchedContentDto, RankBasisDto, WorkspaceDto, WorkspaceMatchDto };

/** One selected match's delivered shares of its required shares ("2 / 5 shares"). */
export type MatchProgress = { delivered: number; required: number };

/** GET /content/shuffles/remaining. */
export type RemainingShufflesDto = { remaining_shuffles: number | 'Unlimited' };
export type RemainingShuffles = number | 'Unlimited';

/** SPEC §4 View filter. */
export const VIEW_FILTERS = ['standard', 'rankedContent', 'topPerformers'] as const;
export type ViewFilter = (typeof VIEW_FILTERS)[number];

/** SPEC §4 Workspace steps. */
export type StepStatus = 'upcoming' | 'current' | 'complete';

import type { ProfileDto, UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { waitlistTierMessage } from '@crossfeed/domain/rules/waitlist.ts';
import { audienceScoreOf } from '../audience-scores/audience-scores.queries.ts';
import type { ProfileDoc, UserDoc } from './users.projection.ts';

export type { ProfileDto, UserDto };

/**
 * `audienceScore` is the one audience score (`audienceScoreOf`), passed in by every caller: the profile
 * document's own field is never written and is not read.
 */
export function toProfileDto(profile: ProfileDoc, audienceScore: number | null): ProfileDto {
  return {
    name: profile.name,
    bio: profile.bio,
    categories: profile.categories,
    interests: profile.interests,
    content_type: profile.content_type,
    audience_score: audienceScore,
  };
}

/**
 * SPEC §3 User, as the API and the `user:updated` push return it. Field by field, so `password_hash`,
 * `username_key` and `_pos` never leave the server.
 */
export function toUserDto(doc: UserDoc, audienceScore: number | null): UserDto {
  return {
    id: doc._id,
    username: doc.username,
    email: doc.email,
    is_admin: doc.is_admin,
    is_premium: doc.is_premium,
    has_profile_completed: doc.has_profile_completed,
    categories: doc.categories,
    share_count: doc.share_count,
    view_count: doc.view_count,
    avatar_url: doc.avatar_url,
    referral_code: doc.referral_code,
    premium_until: doc.premium_until,
    premium_lifetime: doc.premium_lifetime ?? false,
    has_completed_tour: doc.has_completed_tour ?? false,
    waitlist: doc.waitlist
      ? { position: doc.waitlist.position, tier: doc.waitlist.tier, month_free_granted: doc.waitlist.month_free_granted, message: waitlistTierMessage({ ...doc.waitlist, monthFreeGranted: doc.waitlist.month_free_granted }) }
      : null,
    profile: doc.profile ? toProfileDto(doc.profile, audienceScore) : null,
  };
}

/** The user DTO with their audience score read from `audience_scores`. */
export async function loadUserDto(readStore: ReadStore, doc: UserDoc): Promise<UserDto> {
  return toUserDto(doc, (await audienceScoreOf(readStore, doc._id))?.score ?? null);
}

/** The profile DTO with the owner's audience score read from `audience_scores`. */
export async function loadProfileDto(readStore: ReadStore, userId: string, profile: ProfileDoc): Promise<ProfileDto> {
  return toProfileDto(profile, (await audienceScoreOf(readStore, userId))?.score ?? null);
}

import type { ProfileDoc, UserDoc } from '@crossfeed/projections/users/users.projection.ts';

/** SPEC §3 Profile. */
export interface ProfileDto {
  name: string;
  bio: string;
  categories: string[];
  interests: string[];
  content_type: string;
  audience_score: number | null;
}

/** SPEC §3 User, as the current-user call, login and register answer it. */
export interface UserDto {
  id: string;
  username: string;
  email: string;
  is_admin: boolean;
  is_premium: boolean;
  has_profile_completed: boolean;
  categories: string[];
  share_count: number;
  view_count: number;
  avatar_url: string | null;
  referral_code: string | null;
  /** When a time-limited Premium (promo) ends; null otherwise. */
  premium_until: string | null;
  profile: ProfileDto | null;
}

export function toProfileDto(profile: ProfileDoc): ProfileDto {
  return {
    name: profile.name,
    bio: profile.bio,
    categories: profile.categories,
    interests: profile.interests,
    content_type: profile.content_type,
    audience_score: profile.audience_score ?? null,
  };
}

/** Field by field, so `password_hash`, `username_key` and `_pos` never leave the server. */
export function toUserDto(doc: UserDoc): UserDto {
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
    profile: doc.profile ? toProfileDto(doc.profile) : null,
  };
}

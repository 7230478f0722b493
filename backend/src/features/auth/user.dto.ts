// The mapping lives beside the read model so the push reactor (projections) returns the same shape.
export { loadProfileDto, loadUserDto, toProfileDto, toUserDto } from '@crossfeed/projections/users/user.dto.ts';
export type { ProfileDto, UserDto } from '@crossfeed/projections/users/user.dto.ts';

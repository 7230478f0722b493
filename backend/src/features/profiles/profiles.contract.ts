import { z } from 'zod';
import { ProfileDtoSchema, UserDtoSchema } from '@crossfeed/domain/api/realtime-events.ts';
import { operations } from '../../api/openapi/operation.ts';
import { CreateProfileBody, UpdateProfileBody } from './profiles.schemas.ts';

/** GET /profiles/{id}/: a creator's profile with who they are (the creator modal). */
const CreatorProfileSchema = ProfileDtoSchema.extend({
  user_id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
});

/** The operations of `profiles` (SPEC §7 Profiles) as the OpenAPI document describes them (issue 26). */
export const profilesOperations = operations([
  {
    method: 'post',
    route: '/profiles',
    path: '/profiles/',
    operationId: 'createProfile',
    summary: "Create the caller's profile (profile setup)",
    description: 'Name and bio (step 1), categories, interests and a content type (step 2). Answers the user, now with `has_profile_completed`.',
    tag: 'Profiles',
    access: 'session',
    body: CreateProfileBody,
    responses: { 201: { description: 'The user with the new profile.', schema: UserDtoSchema } },
    errors: [400, 401, 403, 409],
  },
  {
    method: 'get',
    route: '/profiles/:id',
    path: '/profiles/{id}/',
    operationId: 'getProfile',
    summary: "A creator's profile",
    description: "Any signed-in user may read any creator's profile (the creator modal). `id` is the user's id; 404 when the user has no profile.",
    tag: 'Profiles',
    access: 'session',
    responses: { 200: { description: 'The profile.', schema: CreatorProfileSchema } },
    errors: [401, 403, 404],
  },
  {
    method: 'put',
    route: '/profiles/:id',
    path: '/profiles/{id}/',
    operationId: 'updateProfile',
    summary: "Update the caller's profile",
    description:
      "Name, categories and content type are required; an omitted bio or interests keeps the current value; `audience_score` may be sent back and is ignored. Only one's own profile (403 for another id).",
    tag: 'Profiles',
    access: 'session',
    body: UpdateProfileBody,
    responses: { 200: { description: 'The updated profile.', schema: ProfileDtoSchema } },
    errors: [400, 401, 403, 404],
  },
]);

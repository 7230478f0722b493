import { z } from 'zod';
import { UserDtoSchema } from '@crossfeed/domain/api/realtime-events.ts';
import { operations } from '../../api/openapi/operation.ts';
import {
  ForgotPasswordBody,
  LoginForm,
  RegisterBody,
  ResetPasswordBody,
  TourCompletedBody,
  UpdatePasswordBody,
} from './auth.schemas.ts';

const MessageSchema = z.object({ message: z.string() });

/**
 * The query of the confirmation link as documented: the handler's ConfirmEmailQuery takes any value for both
 * (to answer one message for every bad link), which JSON Schema can only say as "anything".
 */
const ConfirmEmailLink = z.object({
  user: z.string().describe("The account's id."),
  token: z.string().describe('The proof the e-mail carried.'),
});

const LoginAnswerSchema = z.object({
  access_token: z.string().describe('The session token: send it as `Authorization: Bearer <access_token>`.'),
  token_type: z.literal('bearer'),
  user: UserDtoSchema,
});

const PasswordUpdatedSchema = z.object({
  message: z.string(),
  access_token: z.string().describe("A new session token: every earlier one (this one's included) is revoked by the change."),
  token_type: z.literal('bearer'),
});

/** The operations of `auth` (SPEC §7 Auth) as the OpenAPI document describes them (issue 26). */
export const authOperations = operations([
  {
    method: 'post',
    route: '/auth/register',
    operationId: 'register',
    summary: 'Create an account',
    description:
      'A strong enough password (not Weak, SPEC §5), a free username and e-mail. `waitlist_claim` is the proof a waitlist confirmation link gave this browser: a confirmed waitlist member keeps the entry\'s tier. A confirmation e-mail is sent. Sign-ups are throttled per client IP (429).',
    tag: 'Auth',
    access: 'public',
    body: RegisterBody,
    responses: { 201: { description: 'The new user.', schema: UserDtoSchema } },
    errors: [400, 409, 429],
  },
  {
    method: 'post',
    route: '/auth/login',
    operationId: 'login',
    summary: 'Log in (OAuth2 password form)',
    description:
      '`username` (or the e-mail) and `password`, form-encoded; other OAuth2 fields are ignored. Repeated failures for one account lock it for a while (429).',
    tag: 'Auth',
    access: 'public',
    body: LoginForm,
    bodyEncoding: 'form',
    responses: { 200: { description: 'A session token and the user.', schema: LoginAnswerSchema } },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    route: '/auth/forgot-password',
    operationId: 'forgotPassword',
    summary: 'Ask for a password reset link',
    description: 'Answers the same message whether or not the address is registered; the link is e-mailed to a registered address.',
    tag: 'Auth',
    access: 'public',
    body: ForgotPasswordBody,
    responses: { 200: { description: 'The same message for every address.', schema: MessageSchema } },
    errors: [400],
  },
  {
    method: 'post',
    route: '/auth/reset-password',
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link',
    description: "The token of the e-mailed link (once, before it expires) and a strong enough new password. Ends every session of the account.",
    tag: 'Auth',
    access: 'public',
    body: ResetPasswordBody,
    responses: { 200: { description: 'The password was reset.', schema: MessageSchema } },
    errors: [400],
  },
  {
    method: 'post',
    route: '/auth/update-password',
    operationId: 'updatePassword',
    summary: 'Change the password',
    description: "The current password and a strong enough new one. Ends every other session; the caller's carries on with the token answered.",
    tag: 'Auth',
    access: 'session',
    body: UpdatePasswordBody,
    responses: { 200: { description: 'The password was changed.', schema: PasswordUpdatedSchema } },
    errors: [400, 401, 403],
  },
  {
    method: 'get',
    route: '/auth/confirm-email',
    operationId: 'confirmEmail',
    summary: 'Confirm the e-mail address (the link of the confirmation e-mail)',
    description: 'The link of the e-mail sent at registration (`user` and `token`). Redirects to the login page.',
    tag: 'Auth',
    access: 'public',
    query: ConfirmEmailLink,
    responses: {
      303: {
        description: 'The address is confirmed: a redirect to the login page.',
        headers: { Location: { description: '/login?email_confirmed=1', schema: z.string() } },
      },
    },
    errors: [400],
  },
  {
    method: 'get',
    route: '/auth/me',
    operationId: 'getCurrentUser',
    summary: 'The signed-in user',
    tag: 'Auth',
    access: 'session',
    responses: { 200: { description: 'The user.', schema: UserDtoSchema } },
    errors: [401, 403],
  },
  {
    method: 'post',
    route: '/auth/tour-completed',
    operationId: 'completeTour',
    summary: 'Mark the guided tour completed',
    description: 'When the tour is finished, skipped or closed (SPEC §4 Tour), so another device does not replay it. The body is empty.',
    tag: 'Auth',
    access: 'session',
    body: TourCompletedBody,
    responses: { 200: { description: 'The updated user.', schema: UserDtoSchema } },
    errors: [400, 401, 403],
  },
  {
    method: 'delete',
    route: '/auth/tour-completed',
    operationId: 'resetTour',
    summary: 'Restart the guided tour',
    description: 'When Help › Tour restarts it. The body is empty.',
    tag: 'Auth',
    access: 'session',
    responses: { 200: { description: 'The updated user.', schema: UserDtoSchema } },
    errors: [400, 401, 403],
  },
]);

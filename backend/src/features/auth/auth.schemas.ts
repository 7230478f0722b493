import { z } from 'zod';
import { PASSWORD_MAX, USERNAME_MAX, USERNAME_MIN } from '@crossfeed/domain/rules/limits.ts';
import { EMAIL_PATTERN, MESSAGES, passwordStrength } from '@crossfeed/domain/rules/validation.ts';

/** Request bodies of /auth (SPEC §5 Signup, Login, Forgot and Reset password, Change password). */

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const USERNAME_RULE = `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters: letters, digits, _, . or -.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters.`;
const EMAIL_MAX = 254;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const requiredSecret = (message: string) => z.string({ error: message }).min(1, message);

/** A new password: not Weak (SPEC §5), and bounded so hashing stays cheap. */
const checkNewPassword = (password: string, ctx: z.RefinementCtx) => {
  if (password.length > PASSWORD_MAX) ctx.addIssue({ code: 'custom', message: PASSWORD_TOO_LONG, path: [] });
  else if (passwordStrength(password) === 'Weak') ctx.addIssue({ code: 'custom', message: MESSAGES.weakPassword, path: [] });
};

/** Required fields first (one SPEC message for all), then the email pattern, the username rule, the strength. */
export const RegisterBody = z
  .strictObject({
    username: required(MESSAGES.signupRequired),
    email: required(MESSAGES.signupRequired),
    password: requiredSecret(MESSAGES.signupRequired),
    /** The proof the waitlist confirmation link gave this browser (docs/features/waitlist.md). */
    waitlist_claim: z.string().max(200).optional(),
  })
  .superRefine((body, ctx) => {
    if (!EMAIL_PATTERN.test(body.email) || body.email.length > EMAIL_MAX) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidEmail, path: [] });
    } else if (
      body.username.length < USERNAME_MIN ||
      body.username.length > USERNAME_MAX ||
      !USERNAME_PATTERN.test(body.username)
    ) {
      ctx.addIssue({ code: 'custom', message: USERNAME_RULE, path: [] });
    } else {
      checkNewPassword(body.password, ctx);
    }
  })
  .transform((body) => ({ ...body, email: body.email.toLowerCase() }));

export const LOGIN_REQUIRED = 'Please enter your username and password.';

/** OAuth2 password form: `username` (or the e-mail) and `password`; other OAuth2 fields are ignored. */
export const LoginForm = z
  .object({ username: z.string().trim().optional(), password: z.string().optional() })
  .superRefine((form, ctx) => {
    if (!form.username || !form.password) ctx.addIssue({ code: 'custom', message: LOGIN_REQUIRED, path: [] });
  })
  .transform((form) => ({ username: form.username ?? '', password: form.password ?? '' }));

export const ForgotPasswordBody = z.strictObject({
  email: z
    .string({ error: MESSAGES.invalidEmail })
    .trim()
    .max(EMAIL_MAX, MESSAGES.invalidEmail)
    .regex(EMAIL_PATTERN, MESSAGES.invalidEmail)
    .transform((email) => email.toLowerCase()),
});

export const NEW_PASSWORD_REQUIRED = 'Please enter a new password.';

export const ResetPasswordBody = z
  .strictObject({ token: z.string().optional(), new_password: z.string().optional() })
  .superRefine((body, ctx) => {
    if (!body.token || body.token.length > 200) ctx.addIssue({ code: 'custom', message: MESSAGES.invalidResetToken, path: [] });
    else if (!body.new_password) ctx.addIssue({ code: 'custom', message: NEW_PASSWORD_REQUIRED, path: [] });
    else checkNewPassword(body.new_password, ctx);
  })
  .transform((body) => ({ token: body.token ?? '', new_password: body.new_password ?? '' }));

export const UPDATE_PASSWORD_REQUIRED = 'Please enter your current and new password.';

export const UpdatePasswordBody = z
  .strictObject({ current_password: z.string().optional(), new_password: z.string().optional() })
  .superRefine((body, ctx) => {
    if (!body.current_password || !body.new_password) ctx.addIssue({ code: 'custom', message: UPDATE_PASSWORD_REQUIRED, path: [] });
    else checkNewPassword(body.new_password, ctx);
  })
  .transform((body) => ({ current_password: body.current_password ?? '', new_password: body.new_password ?? '' }));

/** GET /auth/confirm-email?user=...&token=... (the link of the account confirmation e-mail). */
export const CONFIRMATION_LINK_INVALID = 'Invalid or expired confirmation link.';
export const ConfirmEmailQuery = z
  .object({ user: z.unknown(), token: z.unknown() })
  .loose()
  .superRefine((query, ctx) => {
    const ok = (value: unknown, max: number) => typeof value === 'string' && value.length > 0 && value.length <= max;
    if (!ok(query.user, 100) || !ok(query.token, 200)) ctx.addIssue({ code: 'custom', message: CONFIRMATION_LINK_INVALID, path: [] });
  })
  .transform((query) => ({ user: String(query.user), token: String(query.token) }));

/** POST and DELETE /auth/tour-completed carry nothing: the caller is the user whose tour it is. */
export const TourCompletedBody = z.strictObject({});

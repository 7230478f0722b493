import { randomBytes, randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { PASSWORD_RESET_TTL_MS } from '@crossfeed/domain/rules/limits.ts';
import { ConflictError, NotFoundError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { tourDecider } from '@crossfeed/domain/users/tour.decider.ts';
import { INVALID_CONFIRMATION_LINK, INVALID_RESET_TOKEN, userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { userRoom } from '@crossfeed/platform/realtime/realtime.port.ts';
import {
  accountConfirmationSecret,
  isValidAccountConfirmationToken,
  passwordResetToken,
  passwordResetTokenHash,
  signingSecret,
} from '@crossfeed/platform/security/derived-tokens.ts';
import { hashPassword, verifyPassword } from '@crossfeed/platform/security/passwords.ts';
import { PASSWORD_RESETS, type PasswordResetDoc } from '@crossfeed/projections/password-resets/password-resets.projection.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute, reserve } from '../../api/execute.ts';
import { currentClaim, randomReferralCode, type HeldClaim } from '@crossfeed/platform/reservations/reservations.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { THROTTLE_MESSAGES, inMinutes, throttle } from '../../auth/throttles.ts';
import { tokenVersionOf } from '../../auth/tokens.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseInput } from '../../http/validate.ts';
import { carryOverWaitlistTier, claimedEntryAtSignup } from '../waitlist/waitlist-carry-over.ts';
import {
  ConfirmEmailQuery,
  ForgotPasswordBody,
  LoginForm,
  RegisterBody,
  ResetPasswordBody,
  TourCompletedBody,
  UpdatePasswordBody,
} from './auth.schemas.ts';
import { loadUserDto } from './user.dto.ts';

export const USERNAME_TAKEN = 'Username already registered.';
export const EMAIL_TAKEN = 'Email already registered.';
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
export const FORGOT_PASSWORD_ANSWER = 'If that email is registered, a password reset link has been sent.';
export const RESET_DONE = 'Your password has been reset successfully.';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect.';
export const PASSWORD_UPDATED = 'Password updated successfully.';

export const tooManyAttempts = (seconds: number): string => `Too many failed login attempts. Please try again in ${inMinutes(seconds)}.`;

/** Verified against unknown usernames so that a miss costs as much as a wrong password. */
let dummyHash: Promise<string> | undefined;
const timingHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export async function loadUser(ctx: ApiContext, userId: string): Promise<UserDoc> {
  const user = await ctx.readStore.collection<UserDoc>(USERS).findOne({ _id: userId });
  if (!user) throw new NotFoundError('User not found.');
  return user;
}

/**
 * Records a password reset request for `user`. The token is not stored anywhere: the event carries a random
 * `requestId`, the e-mail worker (workers/src/email/password-reset-email.processor.ts) derives the token from
 * it and the signing secret and sends the link; the event keeps only the token's hash for the reset lookup.
 */
async function requestPasswordReset(ctx: ApiContext, user: UserDoc, now: Date): Promise<void> {
  const requestId = randomUUID();
  const token = passwordResetToken(signingSecret(ctx.config), requestId);
  await execute(
    ctx,
    userDecider,
    userStream(user._id),
    {
      type: 'RequestPasswordReset',
      data: {
        userId: user._id,
        tokenHash: passwordResetTokenHash(token),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
        now: now.toISOString(),
        requestId,
      },
    },
    { userId: user._id },
  );
}

/**
 * A password change or reset ends every session of the user: tokens issued before are refused from the
 * users read model's new token version on (awaited by `execute`), and open sockets are closed now.
 */
function endSessions(ctx: ApiContext, userId: string): void {
  ctx.realtime.disconnect(userRoom(userId));
}

/** How long a sign-up's claims on its username and e-mail wait for its account before they count as abandoned. */
export const SIGNUP_CLAIM_GRACE_MS = 2 * 60 * 1000;

/**
 * A claim left by a sign-up that never registered its account (it crashed between claiming its names and
 * registering): once the grace period is over, the next sign-up takes the name over.
 */
const abandonedSignup =
  (ctx: ApiContext) =>
  async (holder: HeldClaim): Promise<boolean> =>
    Date.parse(ctx.clock().toISOString()) - Date.parse(holder.at) > SIGNUP_CLAIM_GRACE_MS &&
    (await ctx.eventStore.readStream(userStream(holder.ownerId), { maxCount: 1 })).length === 0;

/** Whether a username or e-mail belongs to an account, or to a sign-up still under way. */
async function heldByAnother(ctx: ApiContext, kind: 'username' | 'email', key: string): Promise<boolean> {
  const held = await currentClaim(ctx.eventStore, kind, key);
  return held !== undefined && !(await abandonedSignup(ctx)(held));
}

/** SPEC §7 Auth: register, login, password recovery and change, e-mail confirmation, current user. */
export function authRoutes(ctx: ApiContext): Router {
  const router = Router();
  const users = () => ctx.readStore.collection<UserDoc>(USERS);
  const confirmationKey = accountConfirmationSecret(signingSecret(ctx.config));

  /**
   * The throttle key of the account a login names, whatever name is typed for it (username or e-mail, any
   * case); a name of no account is keyed by itself, so it is throttled alike and tells nothing.
   */
  const loginTarget = async (name: string): Promise<{ user: UserDoc | null; key: string }> => {
    const typed = name.toLowerCase();
    const user = (await users().findOne({ username_key: typed })) ?? (typed.includes('@') ? await users().findOne({ email: typed }) : null);
    return { user, key: user ? `user:${user._id}` : `name:${typed}` };
  };

  router.post('/auth/register', async (req, res) => {
    const body = parseInput(RegisterBody, req.body ?? {});
    await throttle(ctx.throttles.registrations, req.ip ?? 'unknown', THROTTLE_MESSAGES.registrations);
    // Cheap checks first, so a taken e-mail rarely leaves the username claimed for nothing.
    if (await heldByAnother(ctx, 'username', body.username)) throw new ConflictError(USERNAME_TAKEN);
    if (await heldByAnother(ctx, 'email', body.email)) throw new ConflictError(EMAIL_TAKEN);
    const userId = ctx.newId();
    const passwordHash = await hashPassword(body.password);
    await reserve(ctx, 'username', body.username, userId, USERNAME_TAKEN, { abandoned: abandonedSignup(ctx) });
    await reserve(ctx, 'email', body.email, userId, EMAIL_TAKEN, { abandoned: abandonedSignup(ctx) });
    // A confirmed waitlist member whose browser holds the confirmation link's proof keeps the waitlist's code
    // (the decider drops the drawn one then). The drawn code is reserved by a follow-up job of UserRegistered
    // (workers/src/referrals/referral-code.processor.ts), which assigns another on the rare clash.
    const waitlistEntry = await claimedEntryAtSignup(ctx, body.email, body.waitlist_claim);
    const referralCode = randomReferralCode();
    await execute(
      ctx,
      userDecider,
      userStream(userId),
      {
        type: 'RegisterUser',
        data: {
          userId,
          username: body.username,
          email: body.email,
          passwordHash,
          // Never admin at registration: an ADMIN_EMAILS address becomes admin once it is confirmed through
          // the e-mailed link (GET /auth/confirm-email), or by the operator (`npm run admin -- grant`).
          isAdmin: false,
          referralCode,
          ...(waitlistEntry ? { waitlist: { entry: waitlistEntry, monthFree: ctx.config.WAITLIST_MONTH_FREE } } : {}),
          now: ctx.clock().toISOString(),
        },
      },
      { userId },
    );
    res.status(201).json(await loadUserDto(ctx.readStore, await loadUser(ctx, userId)));
  });

  router.post('/auth/login', async (req, res) => {
    const { username, password } = parseInput(LoginForm, req.body ?? {});
    const ip = req.ip ?? 'unknown';
    const { user, key } = await loginTarget(username);
    // Counted before the password is checked: parallel attempts cannot all slip under the limit.
    const wait = await ctx.loginLimiter.attempt(key, ip);
    if (wait > 0) throw new HttpError(429, tooManyAttempts(wait));

    const valid = await verifyPassword(user?.password_hash ?? (await timingHash()), password);
    if (!user || !valid) throw new HttpError(401, INCORRECT_CREDENTIALS);
    await ctx.loginLimiter.succeeded(key, ip);
    const { token } = await ctx.tokens.issue(user._id, tokenVersionOf(user));
    res.json({ access_token: token, token_type: 'bearer', user: await loadUserDto(ctx.readStore, user) });
  });

  router.post('/auth/forgot-password', async (req, res) => {
    const { email } = parseInput(ForgotPasswordBody, req.body ?? {});
    // Flood protection (auth/reset-limiter.ts): counted for every address, registered or not. Over the limit
    // the answer is the same generic 200 (no account enumeration), but no reset is requested: no event is
    // appended, so no e-mail goes out.
    const allowed = await ctx.resetLimiter.allow(email, req.ip ?? 'unknown');
    const user = allowed ? await users().findOne({ email }) : null;
    if (user) {
      // Not awaited: a known address must answer as fast as an unknown one (no account enumeration). The
      // e-mail is the workers' (on PasswordResetRequested).
      const now = ctx.clock();
      requestPasswordReset(ctx, user, now).catch((error: unknown) => ctx.logger.error({ err: error, userId: user._id }, 'password reset request failed'));
    }
    res.json({ message: FORGOT_PASSWORD_ANSWER });
  });

  router.post('/auth/reset-password', async (req, res) => {
    const body = parseInput(ResetPasswordBody, req.body ?? {});
    const tokenHash = passwordResetTokenHash(body.token);
    const now = ctx.clock().toISOString();
    const reset = await ctx.readStore.collection<PasswordResetDoc>(PASSWORD_RESETS).findOne({ _id: tokenHash });
    // The decider decides; this only spares a password hash for links that cannot work.
    if (!reset || reset.used || reset.expires_at <= now) throw new ValidationError(INVALID_RESET_TOKEN);
    const passwordHash = await hashPassword(body.new_password);
    await execute(
      ctx,
      userDecider,
      userStream(reset.user_id),
      { type: 'CompletePasswordReset', data: { userId: reset.user_id, tokenHash, passwordHash, now } },
      { userId: reset.user_id },
    );
    endSessions(ctx, reset.user_id);
    res.json({ message: RESET_DONE });
  });

  router.post('/auth/update-password', requireAuth(ctx), async (req, res) => {
    const user = currentUser(req);
    const body = parseInput(UpdatePasswordBody, req.body ?? {});
    if (!(await verifyPassword(user.password_hash, body.current_password))) throw new ValidationError(CURRENT_PASSWORD_INCORRECT);
    const passwordHash = await hashPassword(body.new_password);
    await execute(
      ctx,
      userDecider,
      userStream(user._id),
      { type: 'ChangePassword', data: { userId: user._id, passwordHash, now: ctx.clock().toISOString() } },
      { userId: user._id },
    );
    endSessions(ctx, user._id);
    // The session that changed the password carries on with a token of the new version (one change more
    // than when this request began, even if the read model were still catching up).
    const version = Math.max(tokenVersionOf(user) + 1, tokenVersionOf(await loadUser(ctx, user._id)));
    const { token } = await ctx.tokens.issue(user._id, version);
    res.json({ message: PASSWORD_UPDATED, access_token: token, token_type: 'bearer' });
  });

  /** The link of the confirmation e-mail sent at registration (workers/src/email/account-confirmation-email). */
  router.get('/auth/confirm-email', async (req, res) => {
    const { user: userId, token } = parseInput(ConfirmEmailQuery, req.query);
    const user = await users().findOne({ _id: userId });
    if (!user || !isValidAccountConfirmationToken(confirmationKey, user._id, user.email, token)) {
      throw new ValidationError(INVALID_CONFIRMATION_LINK);
    }
    await execute(
      ctx,
      userDecider,
      userStream(user._id),
      {
        type: 'ConfirmUserEmail',
        data: { userId: user._id, email: user.email, grantAdmin: ctx.config.ADMIN_EMAILS.includes(user.email.toLowerCase()), now: ctx.clock().toISOString() },
      },
      { userId: user._id },
    );
    // The account holder now proved the mailbox: a confirmed waitlist entry of it carries over.
    await carryOverWaitlistTier(ctx, { id: user._id, email: user.email }, { mailboxProven: true }).catch((error: unknown) =>
      ctx.logger.error({ err: error, userId: user._id }, 'waitlist carry-over failed'),
    );
    res.redirect(303, '/login?email_confirmed=1');
  });

  router.get('/auth/me', requireAuth(ctx), async (req, res) => {
    res.json(await loadUserDto(ctx.readStore, currentUser(req)));
  });

  /**
   * SPEC §4 Tour: completion is kept on the account, so another device does not replay the tour (the user's
   * `has_completed_tour`). POST when it is finished, skipped or closed; DELETE when Help/Tour restarts it.
   * Both answer the updated user.
   */
  const setTourCompleted = (completed: boolean) => async (req: Request, res: Response) => {
    const user = currentUser(req);
    parseInput(TourCompletedBody, req.body ?? {});
    const now = ctx.clock().toISOString();
    await execute(
      ctx,
      tourDecider,
      userStream(user._id),
      completed ? { type: 'CompleteTour', data: { userId: user._id, now } } : { type: 'ResetTour', data: { userId: user._id, now } },
      { userId: user._id },
    );
    res.json(await loadUserDto(ctx.readStore, await loadUser(ctx, user._id)));
  };
  router.post('/auth/tour-completed', requireAuth(ctx), setTourCompleted(true));
  router.delete('/auth/tour-completed', requireAuth(ctx), setTourCompleted(false));

  return router;
}

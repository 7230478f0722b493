import { Router } from 'express';
import { z } from 'zod';
import { promoDecider } from '@crossfeed/domain/promo/promo.decider.ts';
import { WAITLIST_EMAIL_MAX, WAITLIST_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { EMAIL_PATTERN, MESSAGES, PROMO_CODE_PATTERN } from '@crossfeed/domain/rules/validation.ts';
import { ConflictError, NotFoundError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { emailKey, promoStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { WAITLIST_MESSAGES } from '@crossfeed/domain/waitlist/waitlist.decider.ts';
import {
  signingSecret,
  waitlistConfirmationToken,
  waitlistEntryCodeFromToken,
  waitlistEntryToken,
  waitlistSecret,
} from '@crossfeed/platform/security/derived-tokens.ts';
import { carryOverWaitlistTier } from './waitlist-carry-over.ts';
import { PROMO_CODES, type PromoCodeDoc } from '@crossfeed/projections/promo-codes/promo-codes.projection.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { WAITLIST, type WaitlistDoc } from '@crossfeed/projections/waitlist/waitlist.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { THROTTLE_MESSAGES, throttle } from '../../auth/throttles.ts';
import { HttpError } from '../../http/http-error.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { REFERRAL_PROMO_REASON } from './promo-codes.ts';
import {
  confirmWaitlistEmail,
  findEntry,
  isValidConfirmationToken,
  joinWaitlist,
  ownEntryAnswer,
  positionAnswer,
  ENTRY_LINK_SENT,
  requestEntryLink,
  signupAnswer,
  type Secrets,
} from './waitlist.ts';
import { WAITLIST_RANKS, type WaitlistRankDoc } from '@crossfeed/workers/waitlist-rank/waitlist-ranks.model.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ALREADY_PREMIUM = 'You are already a Premium user.';
const REFERRAL_CODE_MAX = 64;
const REFERRAL_NOT_FOUND = 'Referral code not found.';
const INVALID_CONFIRMATION = 'Invalid or expired confirmation link.';
/** A sign-up of an address (or a spelling of its mailbox) already on the list. */
export const ALREADY_ON_LIST = `This email is already on the waitlist. ${ENTRY_LINK_SENT}`;

const Email = z
  .string({ message: MESSAGES.invalidEmail })
  .trim()
  .max(WAITLIST_EMAIL_MAX, MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

export const SignupBody = z
  .object({
    email: Email,
    referred_by: z.string().max(REFERRAL_CODE_MAX).nullish(),
    // Collected by the form, not needed by the server (SPEC §5 Waitlist).
    name: z.string().max(WAITLIST_NAME_MAX).optional(),
  })
  .strict();

export const EmailQuery = z.object({ email: Email }).loose();
export const ConfirmQuery = z.object({ email: Email, token: z.string().min(1).max(200) }).loose();
export const EntryQuery = z.object({ token: z.string({ message: 'Missing waitlist token.' }).min(1, 'Missing waitlist token.').max(200) }).loose();
const ENTRY_NOT_FOUND = 'Waitlist entry not found.';
/** The new entry's secret token, on the sign-up answer (docs/features/waitlist.md). */
export const ENTRY_TOKEN_HEADER = 'X-Waitlist-Entry-Token';
/** Set by the confirmation link for the waitlist page: `entry=<token>&claim=<proof>`. */
export const CONFIRMED_ENTRY_COOKIE = 'crossfeed_waitlist_entry';

export const ReferralBody = z
  .object({
    referral_code: z.string({ message: 'Please enter a referral code.' }).trim().min(1, 'Please enter a referral code.').max(REFERRAL_CODE_MAX),
  })
  .strict();

export const RedeemBody = z
  .object({
    code: z
      .string({ message: MESSAGES.promoEmpty })
      .trim()
      .min(1, MESSAGES.promoEmpty)
      .regex(PROMO_CODE_PATTERN, MESSAGES.promoFormat),
  })
  .strict();

/** The waitlist (position, referrals, confirmation) and promo/referral codes (SPEC §7 Waitlist and referrals). */
export function waitlistRoutes(ctx: ApiContext): Router {
  const router = Router();
  const publicUrl = ctx.config.PUBLIC_URL;
  // Derived from the session secret so every API replica signs and checks the same links.
  const secrets: Secrets = { secret: waitlistSecret(signingSecret(ctx.config)) };
  const referralLink = (code: string): string => `${publicUrl}/waitlist?ref=${encodeURIComponent(code)}`;

  router.post('/api/waitlist/signup', async (req, res) => {
    const { email, referred_by } = parseInput(SignupBody, req.body ?? {});
    await throttle(ctx.throttles.waitlistSignups, req.ip ?? 'unknown', THROTTLE_MESSAGES.waitlistSignups);
    const key = emailKey(email);
    // The confirmation e-mail is the workers' (waitlist-confirmation-email, on WaitlistJoined): once per join.
    // The referrer is credited once this e-mail is confirmed (the workers' referral-credit job).
    const { entry, joined } = await joinWaitlist(ctx, { email, key, referredBy: referred_by ?? null });
    if (!joined) {
      // Already on the list: whoever typed the address learns the position only; the entry goes to its mailbox.
      await requestEntryLink(ctx, entry.doc._id);
      res.json(positionAnswer(entry, ALREADY_ON_LIST));
      return;
    }
    // The entry's secret token only to the browser that created it, in a header so the SPEC's answer keeps its
    // fields: it follows the position live and reads it back after a reload (GET /api/waitlist/me).
    res.setHeader(ENTRY_TOKEN_HEADER, waitlistEntryToken(secrets.secret, entry.doc.referral_code));
    res.json(signupAnswer(entry));
  });

  router.get('/api/waitlist/confirm', async (req, res) => {
    const { email, token } = parseInput(ConfirmQuery, req.query);
    const key = emailKey(email);
    if (!isValidConfirmationToken(secrets, key, token)) throw new ValidationError(INVALID_CONFIRMATION);
    await confirmWaitlistEmail(ctx, key);
    const entry = await findEntry(ctx, { _id: key });
    // An account of this address whose holder confirmed it already is linked now.
    const account = entry ? await ctx.readStore.collection<UserDoc>(USERS).findOne({ email: entry.doc.email.toLowerCase() }) : null;
    if (account?.email_confirmed) {
      await carryOverWaitlistTier(ctx, { id: account._id, email: account.email }, { mailboxProven: true }).catch((error: unknown) =>
        ctx.logger.error({ err: error, userId: account._id }, 'waitlist carry-over failed'),
      );
    }
    // A short-lived cookie for the waitlist page only (the redirect stays as it was): the page keeps the entry's
    // token and the claim that lets a sign-up from this browser carry the tier over (only the mailbox's reader
    // gets this link), then deletes the cookie.
    if (entry) {
      const value = new URLSearchParams({ entry: waitlistEntryToken(secrets.secret, entry.doc.referral_code), claim: waitlistConfirmationToken(secrets.secret, key) });
      res.cookie(CONFIRMED_ENTRY_COOKIE, value.toString(), {
        path: '/waitlist',
        maxAge: 15 * 60 * 1000,
        sameSite: 'lax',
        secure: publicUrl.startsWith('https:'),
      });
    }
    res.redirect(303, '/waitlist?confirmed=1');
  });

  /** One's own entry in full, by its secret token only (answered at sign-up and by the confirmation link). */
  router.get('/api/waitlist/me', async (req, res) => {
    const { token } = parseInput(EntryQuery, req.query);
    const code = waitlistEntryCodeFromToken(secrets.secret, token);
    const entry = code ? await findEntry(ctx, { referral_code: code }) : null;
    if (!entry) throw new NotFoundError(ENTRY_NOT_FOUND);
    // The rank (position moved up by referrals) is the waitlist-rank worker's; null until it has run.
    const ranked = await ctx.readStore.collection<WaitlistRankDoc>(WAITLIST_RANKS).findOne({ _id: entry.doc._id }, { projection: { rank: 1 } });
    res.json({ ...ownEntryAnswer(entry), rank: ranked?.rank ?? null });
  });

  /**
   * Anyone may type any address here: the answer is the position and a message, never the entry (issue 23,
   * finding 7). The entry's holder is e-mailed a link to it (at most one per window: the waitlist decider).
   */
  router.get('/api/waitlist/status', async (req, res) => {
    const { email } = parseInput(EmailQuery, req.query);
    const entry = await findEntry(ctx, { _id: emailKey(email) });
    if (!entry) throw new NotFoundError(WAITLIST_MESSAGES.notOnList);
    await requestEntryLink(ctx, entry.doc._id);
    res.json(positionAnswer(entry, ENTRY_LINK_SENT));
  });

  router.post('/api/waitlist/referral', async (req, res) => {
    const code = parseInput(ReferralBody, req.body ?? {}).referral_code.toUpperCase();
    const entry = await findEntry(ctx, { referral_code: code });
    if (entry) {
      res.json({ referral_code: code, referrals: entry.doc.referrals, position: entry.position, referral_link: referralLink(code) });
      return;
    }
    // A registered user's code: the referrals are the rewards it earned; a user has no waitlist position.
    const user = await ctx.readStore.collection<UserDoc>(USERS).findOne({ referral_code: code });
    if (!user) throw new NotFoundError(REFERRAL_NOT_FOUND);
    const referrals = await ctx.readStore
      .collection<PromoCodeDoc>(PROMO_CODES)
      .count({ owner_id: user._id, reason: REFERRAL_PROMO_REASON });
    res.json({ referral_code: code, referrals, position: null, referral_link: referralLink(code) });
  });

  router.get('/api/waitlist/count', async (_req, res) => {
    res.json({ count: await ctx.readStore.collection<WaitlistDoc>(WAITLIST).count({}) });
  });

  router.post('/api/referrals/redeem', requireAuth(ctx), async (req, res) => {
    const user = currentUser(req);
    const { code } = parseInput(RedeemBody, req.body ?? {});
    const now = ctx.clock();
    const nowIso = now.toISOString();
    const active = isPremiumActive(user, nowIso);
    // An open-ended subscription gains nothing from a code: keep the code for later rather than burn it.
    if (active && user.premium_until === null) throw new ConflictError(ALREADY_PREMIUM);
    const runningUntil = active ? user.premium_until : null;

    const redeemed = await execute(
      ctx,
      promoDecider,
      promoStream(code),
      { type: 'RedeemPromoCode', data: { code, redeemedBy: user._id, now: nowIso } },
      { userId: user._id },
    );
    const event = redeemed.events[0];
    if (event?.type !== 'PromoCodeRedeemed') throw new HttpError(500, 'Promo code was not redeemed.');
    // Days add up: a code redeemed during a running promo Premium extends it.
    const base = runningUntil ? new Date(runningUntil).getTime() : now.getTime();
    const premiumUntil = new Date(base + event.data.premiumDays * DAY_MS).toISOString();
    await execute(
      ctx,
      userDecider,
      userStream(user._id),
      { type: 'StartPremium', data: { userId: user._id, source: 'promo', reference: code, now: nowIso, endsAt: premiumUntil } },
      { userId: user._id },
    );
    res.json({ message: 'Promo code redeemed successfully!', premium_until: premiumUntil });
  });

  router.get('/api/referrals/promo-codes', requireAuth(ctx), async (req, res) => {
    const user = currentUser(req);
    await sendPagedList(req, res, ctx.readStore.collection<PromoCodeDoc>(PROMO_CODES), { owner_id: user._id }, { issued_at: -1, _id: 1 }, (docs) =>
      docs.map((doc) => ({ id: doc._id, code: doc._id, redeemed: doc.redeemed })),
    );
  });

  return router;
}

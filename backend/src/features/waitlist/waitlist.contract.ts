import { z } from 'zod';
import { WAITLIST_TOP_TIER } from '@crossfeed/domain/rules/limits.ts';
import { operations } from '../../api/openapi/operation.ts';
import { ConfirmQuery, EmailQuery, ENTRY_TOKEN_HEADER, EntryQuery, RedeemBody, ReferralBody, SignupBody } from './waitlist.routes.ts';

const position = z.number().int().min(1).describe('1 + the number of entries that joined before this one.');

/** SPEC §3 Waitlist signup: only to the call that created the entry. */
const JoinedSchema = z.object({
  position,
  referrals: z.number().int().min(0),
  referral_code: z.string(),
});

/** What anyone who types an address may learn of its entry: the position and a message, nothing else. */
const PositionSchema = z.object({ position, message: z.string() });

const OwnEntrySchema = JoinedSchema.extend({
  confirmed: z.boolean(),
  tier: z.enum(['lifetime', 'one_month']).describe(`Positions 1-${WAITLIST_TOP_TIER} get lifetime Premium, the others one month free.`),
  referrals_needed: z.number().int().describe('How many places the entry must climb to reach the lifetime tier (0 when in it).'),
  rank: z.number().int().nullable().describe('The position moved up by confirmed referrals; null until the waitlist-rank worker has run.'),
});

const ReferralSchema = z.object({
  referral_code: z.string(),
  referrals: z.number().int().min(0).describe("The entry's referrals, or the rewards a registered user's code earned."),
  position: position.nullable().describe("The entry's position; null for a registered user's code."),
  referral_link: z.string(),
});

const RedeemedSchema = z.object({ message: z.string(), premium_until: z.string().describe('When the promo Premium ends now (days add up to a running one).') });

const PromoCodeSchema = z.object({ id: z.string(), code: z.string(), redeemed: z.boolean() });

/** The operations of `waitlist` (SPEC §7 Waitlist and referrals) as the OpenAPI document describes them (issue 26). */
export const waitlistOperations = operations([
  {
    method: 'post',
    route: '/api/waitlist/signup',
    operationId: 'joinWaitlist',
    summary: 'Join the waitlist',
    description: `A new address gets its entry (position, referrals, referral code) and the entry's secret token in the \`${ENTRY_TOKEN_HEADER}\` header; a confirmation e-mail is sent. An address already on the list gets its position and a message only (a link to the entry goes to its mailbox). \`name\` is collected by the form and not needed. Throttled per client IP (429).`,
    tag: 'Waitlist',
    access: 'public',
    body: SignupBody,
    responses: {
      200: {
        description: 'The new entry, or the position of an address already on the list.',
        schema: z.union([JoinedSchema, PositionSchema]),
        headers: { [ENTRY_TOKEN_HEADER]: { description: "The new entry's secret token (for GET /api/waitlist/me); absent for an address already on the list.", schema: z.string() } },
      },
    },
    errors: [400, 429],
  },
  {
    method: 'get',
    route: '/api/waitlist/confirm',
    operationId: 'confirmWaitlistEmail',
    summary: 'Confirm a waitlist address (the link of the confirmation e-mail)',
    description: 'Confirms the address (its referrer is credited) and redirects to the waitlist page, with a short-lived cookie holding the entry\'s token and the proof a sign-up from this browser carries the tier over with.',
    tag: 'Waitlist',
    access: 'public',
    query: ConfirmQuery,
    responses: {
      303: {
        description: 'Confirmed: a redirect to the waitlist page.',
        headers: {
          Location: { description: '/waitlist?confirmed=1', schema: z.string() },
          'Set-Cookie': { description: 'crossfeed_waitlist_entry (path /waitlist, 15 minutes): `entry=<token>&claim=<proof>`.', schema: z.string() },
        },
      },
    },
    errors: [400, 404],
  },
  {
    method: 'get',
    route: '/api/waitlist/me',
    operationId: 'getOwnWaitlistEntry',
    summary: "One's own waitlist entry",
    description: "By the entry's secret token only (answered at sign-up and by the confirmation link).",
    tag: 'Waitlist',
    access: 'public',
    query: EntryQuery,
    responses: { 200: { description: 'The entry.', schema: OwnEntrySchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    route: '/api/waitlist/status',
    operationId: 'getWaitlistPosition',
    summary: "An address's waitlist position",
    description: "Anyone may type any address: the answer is the position and a message, never the entry; the entry's holder is e-mailed a link to it (at most one per window).",
    tag: 'Waitlist',
    access: 'public',
    query: EmailQuery,
    responses: { 200: { description: 'The position.', schema: PositionSchema } },
    errors: [400, 404],
  },
  {
    method: 'post',
    route: '/api/waitlist/referral',
    operationId: 'getReferral',
    summary: 'A referral code and its referrals',
    description: "A waitlist entry's code (with its position) or a registered user's (position null). Case-insensitive.",
    tag: 'Waitlist',
    access: 'public',
    body: ReferralBody,
    responses: { 200: { description: 'The referral code.', schema: ReferralSchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    route: '/api/waitlist/count',
    operationId: 'getWaitlistCount',
    summary: 'How many are on the waitlist',
    tag: 'Waitlist',
    access: 'public',
    responses: { 200: { description: 'The number of entries.', schema: z.object({ count: z.number().int().min(0) }) } },
    errors: [],
  },
  {
    method: 'post',
    route: '/api/referrals/redeem',
    operationId: 'redeemPromoCode',
    summary: 'Redeem a promo code',
    description: 'Grants Premium for the days of the code (added to a running promo Premium). An unknown code answers 404, a redeemed one 409; an open-ended Premium keeps the code for later (409).',
    tag: 'Referrals',
    access: 'session',
    body: RedeemBody,
    responses: { 200: { description: 'Redeemed.', schema: RedeemedSchema } },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'get',
    route: '/api/referrals/promo-codes',
    operationId: 'listPromoCodes',
    summary: "The caller's promo codes",
    description: 'The codes the caller earned (referral rewards...), newest first, paged.',
    tag: 'Referrals',
    access: 'session',
    paged: true,
    responses: { 200: { description: 'One page of promo codes.', schema: z.array(PromoCodeSchema) } },
    errors: [400, 401, 403],
  },
]);

import { randomInt } from 'node:crypto';
import { fold } from '@crossfeed/domain/shared/decider.ts';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import { waitlistStream } from '@crossfeed/domain/shared/streams.ts';
import type { WaitlistEvent } from '@crossfeed/domain/waitlist/waitlist.events.ts';
import { waitlistDecider, type WaitlistState } from '@crossfeed/domain/waitlist/waitlist.decider.ts';
import { waitlistTier } from '@crossfeed/domain/rules/waitlist.ts';
import { isValidWaitlistConfirmationToken } from '@crossfeed/platform/security/derived-tokens.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { WAITLIST, type WaitlistDoc } from '@crossfeed/projections/waitlist/waitlist.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute, reservationOwner, reserve, settle } from '../../api/execute.ts';
import { issueReferralReward } from './promo-codes.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

const waitlistOwner = (key: string): string => `waitlist:${key}`;
const USER_OWNER = 'user:';

export interface WaitlistEntry {
  doc: WaitlistDoc;
  /** 1 + the number of entries that joined before this one. */
  position: number;
}

/** The entry of an email key with its position, or null when it is not on the list. */
export async function findEntry(ctx: ApiContext, filter: { _id: string } | { referral_code: string }): Promise<WaitlistEntry | null> {
  const waitlist = ctx.readStore.collection<WaitlistDoc>(WAITLIST);
  const doc = await waitlist.findOne(filter);
  if (!doc) return null;
  return { doc, position: await waitlist.count({ joined_position: { $lte: doc.joined_position } }) };
}

export const signupAnswer = ({ doc, position }: WaitlistEntry) => ({
  position,
  referrals: doc.referrals,
  referral_code: doc.referral_code,
});

export const statusAnswer = (entry: WaitlistEntry) => {
  const { tier, referralsNeeded } = waitlistTier(entry.position);
  return { ...signupAnswer(entry), confirmed: entry.doc.confirmed, tier, referrals_needed: referralsNeeded };
};

/** Reads and folds one waitlist stream, and waits until the read model includes its last event. */
async function loadSettled(ctx: ApiContext, key: string): Promise<WaitlistState> {
  const events = await ctx.eventStore.readStream(waitlistStream(key));
  await settle(ctx, events.at(-1)?.position);
  return fold(waitlistDecider, events as unknown as WaitlistEvent[]);
}

async function reserveReferralCode(ctx: ApiContext, key: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    try {
      await reserve(ctx, 'referral-code', code, waitlistOwner(key), 'Referral code taken.');
      return code;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  throw new Error('Could not draw a free referral code.');
}

/** The owner of a referral code when it is someone else's (a waitlist entry or a registered user). */
async function referrerOf(ctx: ApiContext, code: string, key: string): Promise<string | undefined> {
  const owner = await reservationOwner(ctx, 'referral-code', code);
  if (!owner || owner === waitlistOwner(key)) return undefined;
  if (owner.startsWith(USER_OWNER)) {
    // A registered user's own e-mail does not earn that user a reward.
    const user = await ctx.readStore.collection<UserDoc>(USERS).findOne({ _id: owner.slice(USER_OWNER.length) });
    if (!user || user.email.toLowerCase() === key) return undefined;
  }
  return owner;
}

export interface Secrets {
  /** Keys the confirmation tokens and the referral reward codes. */
  secret: string;
}

/**
 * Puts an email on the list once (one position per email key, whatever its case, under concurrency too)
 * and credits its referrer once. Returns the entry and whether this call added it.
 */
export async function joinWaitlist(
  ctx: ApiContext,
  secrets: Secrets,
  input: { email: string; key: string; referredBy: string | null },
): Promise<{ entry: WaitlistEntry; joined: boolean }> {
  const { email, key } = input;
  let state = await loadSettled(ctx, key);
  let joined = false;
  if (!state.joined) {
    const code = input.referredBy?.trim().toUpperCase() || null;
    const referredBy = code && (await referrerOf(ctx, code, key)) ? code : null;
    const referralCode = await reserveReferralCode(ctx, key);
    const result = await execute(ctx, waitlistDecider, waitlistStream(key), {
      type: 'JoinWaitlist',
      data: { emailKey: key, email, referralCode, referredBy, now: ctx.clock().toISOString() },
    });
    joined = result.events.length > 0;
    // Lost a race with a concurrent signup of the same email: its code and referrer are the ones kept.
    state = joined ? waitlistDecider.evolve(state, result.events[0]!) : await loadSettled(ctx, key);
  }
  if (!state.joined) throw new Error(`waitlist entry ${key} missing after joining`);
  // The referrer recorded at the first join is credited (again, idempotently: it heals a crash in between).
  if (state.referredBy) await creditReferrer(ctx, secrets, state.referredBy, key);

  const entry = await findEntry(ctx, { _id: key });
  if (!entry) throw new Error(`waitlist entry ${key} is not in the read model`);
  return { entry, joined };
}

async function creditReferrer(ctx: ApiContext, secrets: Secrets, code: string, key: string): Promise<void> {
  const owner = await referrerOf(ctx, code, key);
  if (!owner) return;
  if (owner.startsWith(USER_OWNER)) {
    await issueReferralReward(ctx, secrets.secret, owner.slice(USER_OWNER.length), key);
    return;
  }
  const referrerKey = owner.slice('waitlist:'.length);
  await execute(ctx, waitlistDecider, waitlistStream(referrerKey), {
    type: 'CreditReferral',
    data: { emailKey: referrerKey, referredEmailKey: key, now: ctx.clock().toISOString() },
  });
}

export async function confirmWaitlistEmail(ctx: ApiContext, key: string): Promise<void> {
  await execute(ctx, waitlistDecider, waitlistStream(key), {
    type: 'ConfirmWaitlistEmail',
    data: { emailKey: key, now: ctx.clock().toISOString() },
  });
}

/** The confirmation link's check (the link itself is built by the workers' waitlist confirmation e-mail). */
export function isValidConfirmationToken(secrets: Secrets, key: string, token: string): boolean {
  return isValidWaitlistConfirmationToken(secrets.secret, key, token);
}

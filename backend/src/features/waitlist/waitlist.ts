import { fold } from '@crossfeed/domain/shared/decider.ts';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import { waitlistStream } from '@crossfeed/domain/shared/streams.ts';
import type { WaitlistEvent } from '@crossfeed/domain/waitlist/waitlist.events.ts';
import { waitlistDecider, type WaitlistState } from '@crossfeed/domain/waitlist/waitlist.decider.ts';
import { waitlistTier } from '@crossfeed/domain/rules/waitlist.ts';
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { isValidWaitlistConfirmationToken } from '@crossfeed/platform/security/derived-tokens.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { WAITLIST, type WaitlistDoc } from '@crossfeed/projections/waitlist/waitlist.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute, reservationOwner, reserve, settle } from '../../api/execute.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { claimReferralCode } from '@crossfeed/platform/reservations/reservations.ts';
import { referralCodeOwner } from '@crossfeed/workers/referrals/referral-code-owner.ts';

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

/** SPEC §3 Waitlist signup as returned: only to the call that created the entry. */
export const signupAnswer = ({ doc, position }: WaitlistEntry) => ({
  position,
  referrals: doc.referrals,
  referral_code: doc.referral_code,
});

/**
 * What anyone who types an address may learn of its entry (GET /api/waitlist/status, a sign-up of an address
 * already on the list): the position and a message, nothing that identifies or credits the entry (no referral
 * code, referrals, confirmation, tier or rank). The entry itself goes to its mailbox (`requestEntryLink`).
 */
export const positionAnswer = ({ position }: WaitlistEntry, message: string) => ({ position, message });

/** What a lookup by address says: the entry itself goes to its own mailbox (the workers' waitlist-entry-link e-mail). */
export const ENTRY_LINK_SENT = 'We sent a link to your waitlist entry to this address. Open it to see your referral link.';

/**
 * Someone typed the entry's address: its holder is e-mailed a link to it, unless one went out within the
 * window (the waitlist decider decides, on the entry's stream, so every API replica counts the same).
 */
export async function requestEntryLink(ctx: ApiContext, key: string): Promise<void> {
  await handleCommand(ctx.eventStore, waitlistDecider, waitlistStream(key), { type: 'RequestWaitlistEntryLink', data: { emailKey: key, now: ctx.clock().toISOString() } });
}

/** One's own entry in full: only by the entry's secret token (GET /api/waitlist/me). */
export const ownEntryAnswer = (entry: WaitlistEntry) => {
  const { tier, referralsNeeded } = waitlistTier(entry.position);
  return { ...signupAnswer(entry), confirmed: entry.doc.confirmed, tier, referrals_needed: referralsNeeded };
};

/** Reads and folds one waitlist stream, and waits until the read model includes its last event. */
export async function loadSettled(ctx: ApiContext, key: string): Promise<WaitlistState> {
  const events = await ctx.eventStore.readStream(waitlistStream(key));
  await settle(ctx, events.at(-1)?.position);
  return fold(waitlistDecider, events as unknown as WaitlistEvent[]);
}

/** The owner of a referral code when it is someone else's (a waitlist entry or a registered user). */
async function referrerOf(ctx: ApiContext, code: string, key: string): Promise<string | undefined> {
  const owner = await referralCodeOwner(ctx.eventStore, ctx.readStore, code);
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
 * The entry that already holds this mailbox (a `+tag`, dotted-Gmail or case variant joined first), if any.
 * The mailbox is claimed for `key` when nobody holds it yet.
 */
async function mailboxHolder(ctx: ApiContext, email: string, key: string): Promise<string | undefined> {
  const mailbox = normalizedEmail(email);
  let holder = await reservationOwner(ctx, 'waitlist-email', mailbox);
  if (!holder) {
    try {
      await reserve(ctx, 'waitlist-email', mailbox, waitlistOwner(key), 'Already on the waitlist.');
      return undefined;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      holder = await reservationOwner(ctx, 'waitlist-email', mailbox);
    }
  }
  const holderKey = holder?.startsWith('waitlist:') ? holder.slice('waitlist:'.length) : undefined;
  return holderKey === key ? undefined : holderKey;
}

/**
 * Puts an email on the list once: one position per mailbox (case, `+tag` and Gmail's dots do not make a
 * new one, under concurrency too). A variant of an address already on the list gets that entry's answer.
 * The referrer is only recorded here: the workers credit it once this entry confirms its e-mail
 * (workers/src/referrals/referral-credit.processor.ts). Returns the entry and whether this call added it.
 */
export async function joinWaitlist(
  ctx: ApiContext,
  input: { email: string; key: string; referredBy: string | null },
): Promise<{ entry: WaitlistEntry; joined: boolean }> {
  const { email, key } = input;
  let state = await loadSettled(ctx, key);
  let joined = false;
  if (!state.joined) {
    const holder = await mailboxHolder(ctx, email, key);
    if (holder !== undefined) {
      await loadSettled(ctx, holder);
      const existing = await findEntry(ctx, { _id: holder });
      // A holder that never got to join (a crash between its claim and its join) does not keep anyone out.
      if (existing) return { entry: existing, joined: false };
    }
    const code = input.referredBy?.trim().toUpperCase() || null;
    const referredBy = code && (await referrerOf(ctx, code, key)) ? code : null;
    const referralCode = await claimReferralCode(ctx.eventStore, waitlistOwner(key), ctx.clock().toISOString());
    const result = await execute(ctx, waitlistDecider, waitlistStream(key), {
      type: 'JoinWaitlist',
      data: { emailKey: key, email, referralCode, referredBy, now: ctx.clock().toISOString() },
    });
    joined = result.events.length > 0;
    // Lost a race with a concurrent signup of the same email: its code and referrer are the ones kept.
    state = joined ? waitlistDecider.evolve(state, result.events[0]!) : await loadSettled(ctx, key);
  }
  if (!state.joined) throw new Error(`waitlist entry ${key} missing after joining`);

  const entry = await findEntry(ctx, { _id: key });
  if (!entry) throw new Error(`waitlist entry ${key} is not in the read model`);
  return { entry, joined };
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

/**
 * The waitlist carries into the product (docs/features/waitlist.md): an account whose
 * e-mail holds a confirmed waitlist entry gets that entry's tier and referral code, decided on the account's
 * stream by `waitlistTierDecider` once the account holder has proven the mailbox:
 * - at sign-up, with the proof the waitlist confirmation link handed to that browser (`waitlist_claim`);
 * - or when the account's own e-mail is confirmed (GET /auth/confirm-email);
 * - or, for an account already confirmed, when its waitlist entry is confirmed later.
 */
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { emailKey, userStream } from '@crossfeed/domain/shared/streams.ts';
import type { WaitlistEntrySnapshot } from '@crossfeed/domain/users/waitlist-tier.commands.ts';
import { waitlistTierDecider } from '@crossfeed/domain/users/waitlist-tier.decider.ts';
import { isValidWaitlistConfirmationToken, signingSecret, waitlistSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { WAITLIST_RANKS, type WaitlistRankDoc } from '@crossfeed/workers/waitlist-rank/waitlist-ranks.model.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute, reservationOwner } from '../../api/execute.ts';
import { findEntry, loadSettled } from './waitlist.ts';

const WAITLIST_OWNER = 'waitlist:';

/** The key of the waitlist entry that holds this address's mailbox (any case, `+tag` or Gmail dots), or null. */
async function entryKeyOfMailbox(ctx: ApiContext, email: string): Promise<string | null> {
  const holder = await reservationOwner(ctx, 'waitlist-email', normalizedEmail(email));
  if (holder?.startsWith(WAITLIST_OWNER)) return holder.slice(WAITLIST_OWNER.length);
  // Entries from before mailboxes were reserved: the exact address.
  const key = emailKey(email);
  return (await findEntry(ctx, { _id: key })) ? key : null;
}

/**
 * The entry as the tier is decided from it: confirmed or not (from its stream), and the better of its
 * join-order position (what the page showed at sign-up) and its rank earned by confirmed referrals.
 */
async function entrySnapshot(ctx: ApiContext, key: string): Promise<WaitlistEntrySnapshot | null> {
  const state = await loadSettled(ctx, key);
  if (!state.joined) return null;
  const entry = await findEntry(ctx, { _id: key });
  if (!entry) return null;
  const ranked = await ctx.readStore.collection<WaitlistRankDoc>(WAITLIST_RANKS).findOne({ _id: key }, { projection: { rank: 1 } });
  const position = Math.min(entry.position, ranked?.rank ?? entry.position);
  return { emailKey: key, email: state.email, confirmed: state.confirmed, position, referralCode: state.referralCode };
}

/** The proof the waitlist confirmation link hands out (its own token): only the mailbox's reader has it. */
function isValidClaim(ctx: ApiContext, key: string, claim: string | undefined): boolean {
  if (!claim) return false;
  return isValidWaitlistConfirmationToken(waitlistSecret(signingSecret(ctx.config)), key, claim);
}

/**
 * At sign-up: the confirmed entry of this address when the request carries that entry's claim, else null.
 * A wrong or missing claim answers exactly like an address that is not on the list.
 */
export async function claimedEntryAtSignup(ctx: ApiContext, email: string, claim: string | undefined): Promise<WaitlistEntrySnapshot | null> {
  if (!claim) return null;
  const key = await entryKeyOfMailbox(ctx, email);
  if (!key || !isValidClaim(ctx, key, claim)) return null;
  const entry = await entrySnapshot(ctx, key);
  return entry?.confirmed ? entry : null;
}

/** Decides the carry-over for an account; true when it was linked now. */
export async function carryOverWaitlistTier(
  ctx: ApiContext,
  user: { id: string; email: string },
  proof: { mailboxProven: boolean; entry?: WaitlistEntrySnapshot },
): Promise<boolean> {
  let entry = proof.entry ?? null;
  if (!entry) {
    const key = await entryKeyOfMailbox(ctx, user.email);
    entry = key ? await entrySnapshot(ctx, key) : null;
  }
  if (!entry?.confirmed || !proof.mailboxProven) return false;
  const result = await execute(
    ctx,
    waitlistTierDecider,
    userStream(user.id),
    {
      type: 'CarryOverWaitlistTier',
      data: { userId: user.id, entry, mailboxProven: proof.mailboxProven, monthFree: ctx.config.WAITLIST_MONTH_FREE, now: ctx.clock().toISOString() },
    },
    { userId: user.id },
  );
  return result.events.length > 0;
}

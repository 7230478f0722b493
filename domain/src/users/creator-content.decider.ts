import { CONTENT_TYPES } from '../rules/content-types.ts';
import {
  DEFAULT_REQUIRED_SHARES,
  FREE_DAILY_SHARES,
  FREE_DAILY_SHUFFLES,
  FREE_WEEKLY_SUBMISSIONS,
  dayStart,
  weekStart,
} from '../rules/limits.ts';
import { MESSAGES, controlCharactersMessage, hasControlCharacters, hasControlCharactersBesidesLines, isHttpUrl } from '../rules/validation.ts';
import { normalizedEmail } from '../rules/email-identity.ts';
import {
  BOUNCE_WINDOW,
  bounceRateTooHigh,
  isThrowawayAddress,
  sendingPausedMessage,
  shareCredit,
} from '../rules/share-credit.ts';
import { SHARE_NOTE_MAX, type ShareSkipReason } from '../rules/share-reasons.ts';
import { addressCapReached, countOn } from '../rules/address-cap.ts';
import { batchIds, nameList } from '../rules/batch.ts';
import { unsafeUrlReason } from '../rules/safe-url.ts';
import type { Decider } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, QuotaExceededError, ValidationError } from '../shared/errors.ts';
import type { CreatorContentCommand, MailboxFacts, ShareTarget } from './creator-content.commands.ts';
import type {
  ContentDeleted,
  ContentEdited,
  ContentPaused,
  ContentReleased,
  ContentResumed,
  ContentShared,
  ContentSubmitted,
  MatchCompleted,
  MatchesShuffled,
  ReleaseReason,
  ShareCreditGranted,
  ShareCreditWithdrawn,
  ShareSkip,
  UserEvent,
} from './user.events.ts';
import { NOT_SENT_REASONS } from './user.events.ts';

/**
 * The creator's own content and the Free quotas, decided on the `user-{id}` stream (DESIGN §3): the weekly
 * submissions, the daily shares and the daily shuffles hold under concurrent requests because every
 * command of one user appends to this one stream with the expected revision. The account events of the
 * same stream belong to the user decider and are ignored here.
 */

export const CONTENT_MESSAGES = {
  notFound: 'Content not found.',
  shareOwnContent: 'You cannot share your own content.',
  shufflesExhausted: 'No shuffles left today. Upgrade to premium for unlimited shuffles.',
  editRequired: 'Title and description are required.',
  notQueued: 'That content is not Pending (waiting for release).',
  batchNotFound: (ids: readonly string[]) => `Nothing was changed: ${ids.length === 1 ? 'this item was' : 'these items were'} not found: ${nameList(ids)}.`,
  alreadyLive: 'That content is already live in the exchange.',
  noCredit: 'No release credit: complete a match to release Pending content.',
  bestTimePremium: 'Sending at the best time is a Premium feature.',
  notLive: 'This content is not live in the exchange right now (it is Pending, paused or under review), so a share of it would count toward no match.',
  noteTooLong: `The note may be at most ${SHARE_NOTE_MAX} characters.`,
} as const;

export type CreatorContentEvent =
  | ContentSubmitted
  | ContentEdited
  | ContentDeleted
  | ContentShared
  | ShareCreditWithdrawn
  | ShareCreditGranted
  | MatchCompleted
  | ContentReleased
  | ContentPaused
  | ContentResumed
  | MatchesShuffled;

/** One of the creator's own contents as the exchange sees it. */
export interface OwnContent {
  deleted: boolean;
  /** Released to the exchange (by a credit, or submitted before the exchange existed). */
  released: boolean;
  paused: boolean;
  /** For the release notification (projections never read). */
  title: string;
}

/** A ring of the latest e-mails and their fate: `bad` of them bounced or were marked as spam. */
export interface SendWindow {
  mailboxes: string[];
  bad: boolean[];
  /** Where the next e-mail is written (the oldest, once the ring is full). */
  next: number;
  badCount: number;
}

/** A count within one quota window (a UTC day or an ISO week): only the latest window is kept. */
export interface WindowCount {
  window: string;
  count: number;
}

export interface CreatorContentState {
  /** Content this user submitted, by id (deleted content stays, marked); updated in place, O(1) per event. */
  contents: Map<string, OwnContent>;
  /** The queue: pending (not released, not paused, not deleted) content ids, oldest first (insertion order). */
  pending: Map<string, string>;
  /** Credits earned by completed matches and not yet spent on a release (banked while nothing waits). */
  credits: number;
  /** The creator's first item was released on the starting credit (or content predates the exchange). */
  startingCreditUsed: boolean;
  /**
   * Per content this user shared: the mailboxes reached with it (`normalizedEmail`; `contact:{id}` for
   * events written before the per-person rule), each with whether it counted toward the match.
   */
  reached: Map<string, Map<string, boolean>>;
  /** Per content this user shared: people counted toward its match (`shareCredit`, less what was withdrawn). */
  credited: Map<string, number>;
  /** Matched contents whose match this user completed. */
  completed: Set<string>;
  /** Share e-mails this user sent each mailbox in the latest UTC day (a floor under the network-wide count). */
  mailboxesToday: { day: string; counts: Map<string, number> };
  /** People e-mailed by this user in the latest UTC day (`dayStart`): the daily e-mail budget. */
  emailsToday: WindowCount;
  /** The last `BOUNCE_WINDOW` e-mails, oldest overwritten first, and which of them bounced or were marked as spam. */
  sends: SendWindow;
  /** Mailboxes of this user's e-mails that bounced or complained (the contacts to remove to share again). */
  badMailboxes: Set<string>;
  /** E-mails of deferred shares (best time) not sent yet, as `awaitingKey(contentId, mailbox)`: they count when they go. */
  awaiting: Set<string>;
  /** Submissions in the latest ISO week (`weekStart`); deleting content does not give the submission back. */
  submissions: WindowCount;
  lastSubmittedAt: string | null;
  /** Shares made by this user in the latest UTC day (`dayStart`). */
  shares: WindowCount;
  /** Shuffles in the latest UTC day (`dayStart`). */
  shuffles: WindowCount;
}

/** The quota books close with their window: an event of a later window starts it at 1, a late one of an earlier window counts nowhere. */
function countIn(counter: WindowCount, window: string, by = 1): void {
  if (window === counter.window) counter.count += by;
  else if (window > counter.window) {
    counter.window = window;
    counter.count = by;
  }
}

/** Records one e-mail in the ring (O(1)); the one it overwrites leaves the count. */
function recordSend(window: SendWindow, mailbox: string): void {
  if (window.mailboxes.length < BOUNCE_WINDOW) {
    window.mailboxes.push(mailbox);
    window.bad.push(false);
    return;
  }
  if (window.bad[window.next]) window.badCount -= 1;
  window.mailboxes[window.next] = mailbox;
  window.bad[window.next] = false;
  window.next = (window.next + 1) % BOUNCE_WINDOW;
}

/** Marks the ring's e-mails to `mailbox` as bad (a bounce or complaint): at most `BOUNCE_WINDOW` steps. */
function markBad(window: SendWindow, mailbox: string): void {
  for (let i = 0; i < window.mailboxes.length; i++) {
    if (window.mailboxes[i] === mailbox && !window.bad[i]) {
      window.bad[i] = true;
      window.badCount += 1;
    }
  }
}

const countAt = (counter: WindowCount, window: string): number => (counter.window === window ? counter.count : 0);

export const weeklySubmissionCount = (state: CreatorContentState, now: string): number => countAt(state.submissions, weekStart(now));
export const dailyShareCount = (state: CreatorContentState, now: string): number => countAt(state.shares, dayStart(now));
export const dailyEmailCount = (state: CreatorContentState, now: string): number => countAt(state.emailsToday, dayStart(now));
export const dailyShuffleCount = (state: CreatorContentState, now: string): number => countAt(state.shuffles, dayStart(now));

/** SPEC §3 Submission info; Premium has no counter (`submissionsRemaining` -1). */
export function submissionInfo(
  state: CreatorContentState,
  now: string,
  isPremium: boolean,
): { weeklySubmissionCount: number; lastSubmissionDate: string | null; canSubmit: boolean; submissionsRemaining: number } {
  const count = weeklySubmissionCount(state, now);
  const remaining = isPremium ? -1 : Math.max(0, FREE_WEEKLY_SUBMISSIONS - count);
  return { weeklySubmissionCount: count, lastSubmissionDate: state.lastSubmittedAt, canSubmit: isPremium || remaining > 0, submissionsRemaining: remaining };
}

/** Shuffles left today for a Free user. */
export const remainingShuffles = (state: CreatorContentState, now: string): number =>
  Math.max(0, FREE_DAILY_SHUFFLES - dailyShuffleCount(state, now));

function ownedContent(state: CreatorContentState, contentId: string): OwnContent {
  const content = state.contents.get(contentId);
  // Another user's content is not in this stream: the same 404 as a missing id, so ids do not leak.
  if (!content || content.deleted) throw new NotFoundError(CONTENT_MESSAGES.notFound);
  return content;
}

/** What a share of one content would meet, beside the sharer's own state. */
export interface ReachContext {
  contentId: string;
  /** The sharer's own address (any copy of it earns nothing). */
  sharerEmail: string;
  mailboxes: Readonly<Record<string, MailboxFacts>>;
  addressDailyCap: number;
  now: string;
}

/** This sharer's share e-mails to `mailbox` today. */
function ownSendsToday(state: CreatorContentState, mailbox: string, now: string): number {
  return countOn({ day: state.mailboxesToday.day, count: state.mailboxesToday.counts.get(mailbox) ?? 0 }, now);
}

/**
 * Whether a share of the content could reach a person at `email` now, or why not: the rule a share
 * decides by, and what GET /content/{id}/share-targets shows (the daily e-mail budget and repeats within
 * one selection are the share's own, see `decide`).
 */
export function reachOf(state: CreatorContentState, context: ReachContext, contact: Pick<ShareTarget, 'email' | 'listStatus'>): 'available' | ShareSkipReason {
  const { email } = contact;
  const mailbox = normalizedEmail(email);
  if (isThrowawayAddress(email)) return 'throwaway_address';
  if (mailbox === normalizedEmail(context.sharerEmail)) return 'own_address';
  // The creator's own list said the person is gone: never e-mailed, never counted.
  if (contact.listStatus) return contact.listStatus;
  const facts = context.mailboxes[mailbox];
  if (facts?.suppressed) return facts.suppressed;
  if (state.reached.get(context.contentId)?.has(mailbox)) return 'already_shared';
  const sentToday = Math.max(facts?.sentToday ?? 0, ownSendsToday(state, mailbox, context.now));
  return addressCapReached(sentToday, context.addressDailyCap) ? 'daily_limit' : 'available';
}

/** The key of one deferred e-mail in `awaiting`. */
export const awaitingKey = (contentId: string, mailbox: string): string => `${contentId}\u0000${mailbox}`;

/** The sharer's progress on one matched content: people counted, out of the required ones. */
export function matchProgress(state: CreatorContentState, contentId: string, required: number): { delivered: number; required: number; completed: boolean } {
  const credited = state.credited.get(contentId) ?? 0;
  const completed = state.completed.has(contentId) || credited >= required;
  return { delivered: completed ? required : Math.min(credited, required), required, completed };
}

/** People the content's match still needs from this sharer (0 once completed). */
export const stillNeeded = (state: CreatorContentState, contentId: string, required: number): number => {
  const progress = matchProgress(state, contentId, required);
  return progress.completed ? 0 : progress.required - progress.delivered;
};

/** The bounce-rate pause: the ring's size and its bad e-mails. */
export const sendWindowOf = (state: CreatorContentState): { sends: number; bad: number } => ({
  sends: state.sends.mailboxes.length,
  bad: state.sends.badCount,
});

/**
 * The bounced mailboxes whose contacts, still in the list, hold sending back: none while the bounce rate is
 * under the limit, so a share only counts those contacts when they could pause it.
 */
export function mailboxesHoldingSends(state: CreatorContentState): string[] {
  const { sends, bad } = sendWindowOf(state);
  return bounceRateTooHigh(sends, bad) ? [...state.badMailboxes] : [];
}

/** Where a new submission goes: released on the starting or a banked credit, else queued. */
export function nextSubmissionRelease(state: CreatorContentState): ReleaseReason | null {
  if (!state.startingCreditUsed) return 'starting_credit';
  return state.credits > 0 ? 'banked_credit' : null;
}

/** The 409 of a share that reaches nobody: names each contact and why it was skipped. */
function nobodyReachedDetail(skipped: readonly ShareSkip[], byId: ReadonlyMap<string, ShareTarget>, budget: number): string {
  const groups = new Map<ShareSkipReason, string[]>();
  for (const skip of skipped) {
    const list = groups.get(skip.reason) ?? [];
    list.push(byId.get(skip.contactId)?.name ?? skip.contactId);
    groups.set(skip.reason, list);
  }
  const parts = [...groups].map(([reason, names]) => `${names.join(', ')} (${SKIP_EXPLANATIONS[reason](budget)})`);
  return `This share would reach no one new: ${parts.join('; ')}.`;
}

const SKIP_EXPLANATIONS: Record<ShareSkipReason, (budget: number) => string> = {
  already_shared: () => 'already received this content',
  duplicate_address: () => 'the same mailbox as another selected contact',
  daily_limit: () => "already had today's Crossfeed e-mails",
  throwaway_address: () => 'a throwaway or made-up address',
  own_address: () => 'your own address',
  unsubscribed: () => 'unsubscribed',
  bounced: () => 'bounced',
  suppressed: () => 'inactive in your list',
  email_budget: (budget) => `past your ${budget} e-mails for today`,
};

export const creatorContentDecider: Decider<CreatorContentState, CreatorContentCommand, UserEvent> = {
  initialState: () => ({
    contents: new Map(),
    pending: new Map(),
    credits: 0,
    startingCreditUsed: false,
    reached: new Map(),
    credited: new Map(),
    completed: new Set(),
    mailboxesToday: { day: '', counts: new Map() },
    emailsToday: { window: '', count: 0 },
    sends: { mailboxes: [], bad: [], next: 0, badCount: 0 },
    badMailboxes: new Set(),
    awaiting: new Set(),
    submissions: { window: '', count: 0 },
    lastSubmittedAt: null,
    shares: { window: '', count: 0 },
    shuffles: { window: '', count: 0 },
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'ContentSubmitted': {
        const queued = event.data.queued === true;
        state.contents.set(event.data.contentId, { deleted: false, released: !queued, paused: false, title: event.data.title });
        if (queued) state.pending.set(event.data.contentId, event.data.submittedAt);
        // Content of logs written before the exchange was active at once: it used the starting credit.
        else state.startingCreditUsed = true;
        countIn(state.submissions, weekStart(event.data.submittedAt));
        if (!state.lastSubmittedAt || event.data.submittedAt > state.lastSubmittedAt) state.lastSubmittedAt = event.data.submittedAt;
        return state;
      }
      case 'ContentEdited': {
        const content = state.contents.get(event.data.contentId);
        if (content) content.title = event.data.title;
        return state;
      }
      case 'ContentDeleted': {
        const content = state.contents.get(event.data.contentId);
        if (content) content.deleted = true;
        else state.contents.set(event.data.contentId, { deleted: true, released: true, paused: false, title: '' });
        state.pending.delete(event.data.contentId);
        return state;
      }
      case 'ContentShared': {
        const { contentId, contactIds, sharedAt } = event.data;
        const day = dayStart(sharedAt);
        countIn(state.shares, day);
        countIn(state.emailsToday, day, contactIds.length);
        const credit = shareCredit(event.data);
        let reached = state.reached.get(contentId);
        if (!reached) state.reached.set(contentId, (reached = new Map()));
        state.credited.set(contentId, (state.credited.get(contentId) ?? 0) + credit);
        if (day > state.mailboxesToday.day) {
          state.mailboxesToday.day = day;
          state.mailboxesToday.counts.clear();
        }
        const today = state.mailboxesToday.day === day ? state.mailboxesToday.counts : null;
        contactIds.forEach((contactId, index) => {
          // Events of the per-contact rule name no mailbox: their contacts are keyed by id.
          const mailbox = event.data.mailboxes?.[index] ?? `contact:${contactId}`;
          reached.set(mailbox, index < credit);
          if (event.data.deferred) state.awaiting.add(awaitingKey(contentId, mailbox));
          today?.set(mailbox, (today.get(mailbox) ?? 0) + 1);
          recordSend(state.sends, mailbox);
        });
        return state;
      }
      case 'ShareCreditGranted': {
        const { contentId, mailbox, credit } = event.data;
        state.credited.set(contentId, (state.credited.get(contentId) ?? 0) + credit);
        state.reached.get(contentId)?.set(mailbox, credit > 0);
        state.awaiting.delete(awaitingKey(contentId, mailbox));
        return state;
      }
      case 'ShareCreditWithdrawn': {
        const { contentId, mailbox, reason, credit } = event.data;
        state.awaiting.delete(awaitingKey(contentId, mailbox));
        state.credited.set(contentId, Math.max(0, (state.credited.get(contentId) ?? 0) - credit));
        const reached = state.reached.get(contentId);
        if (NOT_SENT_REASONS.has(reason)) {
          // Never sent: the person was not reached and may be on a later day.
          reached?.delete(mailbox);
        } else {
          reached?.set(mailbox, false);
          markBad(state.sends, mailbox);
          state.badMailboxes.add(mailbox);
        }
        return state;
      }
      case 'MatchCompleted':
        state.completed.add(event.data.contentId);
        state.credits += 1;
        return state;
      case 'ContentReleased': {
        const content = state.contents.get(event.data.contentId);
        if (content) content.released = true;
        state.pending.delete(event.data.contentId);
        if (event.data.reason === 'starting_credit') state.startingCreditUsed = true;
        else state.credits = Math.max(0, state.credits - 1);
        return state;
      }
      case 'ContentPaused': {
        const content = state.contents.get(event.data.contentId);
        if (content) content.paused = true;
        state.pending.delete(event.data.contentId);
        return state;
      }
      case 'ContentResumed': {
        const content = state.contents.get(event.data.contentId);
        if (content) {
          content.paused = false;
          if (!content.released && !content.deleted) state.pending.set(event.data.contentId, event.data.resumedAt);
        }
        return state;
      }
      case 'MatchesShuffled':
        countIn(state.shuffles, dayStart(event.data.shuffledAt));
        return state;
      default:
        // Account, profile, premium and notification events belong to the user decider.
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitContent': {
        const { contentId, userId, username, title, description, url, contentType, categories, isPremium, now } = command.data;
        const required =
          title.trim() !== '' &&
          isHttpUrl(url) &&
          (CONTENT_TYPES as readonly string[]).includes(contentType) &&
          categories.some((category) => category.trim() !== '');
        if (!required) throw new ValidationError(MESSAGES.contentRequired);
        // Titles go into e-mail subjects and headers: one line of text.
        if (hasControlCharacters(title)) throw new ValidationError(controlCharactersMessage('title'));
        if (hasControlCharactersBesidesLines(description)) throw new ValidationError(controlCharactersMessage('description'));
        // Content is shown to others and redirected to by short links: public web addresses only.
        const unsafe = unsafeUrlReason(url);
        if (unsafe) throw new ValidationError(unsafe);
        if (state.contents.has(contentId)) throw new ValidationError('This content id is already used.');
        if (!isPremium && weeklySubmissionCount(state, now) >= FREE_WEEKLY_SUBMISSIONS) {
          throw new QuotaExceededError(MESSAGES.weeklyLimit);
        }
        const events: CreatorContentEvent[] = [
          {
            type: 'ContentSubmitted',
            data: {
              contentId,
              userId,
              username,
              title: title.trim(),
              description: description.trim(),
              url,
              contentType,
              categories,
              requiredShares: DEFAULT_REQUIRED_SHARES,
              submittedAt: now,
              queued: true,
            },
          },
        ];
        const reason = nextSubmissionRelease(state);
        if (reason) events.push({ type: 'ContentReleased', data: { contentId, userId, contentTitle: title.trim(), reason, releasedAt: now } });
        return events;
      }

      case 'EditContent': {
        const { contentId, userId, title, description, now } = command.data;
        ownedContent(state, contentId);
        if (title.trim() === '' || description.trim() === '') throw new ValidationError(CONTENT_MESSAGES.editRequired);
        if (hasControlCharacters(title)) throw new ValidationError(controlCharactersMessage('title'));
        if (hasControlCharactersBesidesLines(description)) throw new ValidationError(controlCharactersMessage('description'));
        return [{ type: 'ContentEdited', data: { contentId, userId, title: title.trim(), description: description.trim(), editedAt: now } }];
      }

      case 'DeleteContent': {
        const { contentId, userId, now } = command.data;
        ownedContent(state, contentId);
        return [{ type: 'ContentDeleted', data: { contentId, userId, deletedAt: now } }];
      }

      case 'ShareContent': {
        const { shareId, contentId, contentOwnerId, contentTitle, sharerId, sharerUsername, isPremium, now } = command.data;
        const { requiredShares, releaseContentId, note, emailBudget, heldBouncedContacts } = command.data;
        const byId = new Map(command.data.contacts.map((contact) => [contact.contactId, contact]));
        const contacts = [...byId.values()];
        if (contacts.length === 0) throw new ValidationError(MESSAGES.shareNeedsContact);
        if (contentOwnerId === sharerId || state.contents.has(contentId)) throw new ValidationError(CONTENT_MESSAGES.shareOwnContent);
        if (note !== null && note.length > SHARE_NOTE_MAX) throw new ValidationError(CONTENT_MESSAGES.noteTooLong);
        if (note !== null && hasControlCharacters(note)) throw new ValidationError(controlCharactersMessage('note'));
        if (releaseContentId !== undefined && !state.pending.has(releaseContentId)) throw new ValidationError(CONTENT_MESSAGES.notQueued);
        if (!command.data.contentLive) throw new ConflictError(CONTENT_MESSAGES.notLive);
        if (!isPremium && dailyShareCount(state, now) >= FREE_DAILY_SHARES) throw new QuotaExceededError(MESSAGES.dailyShareLimit);
        const deferred = command.data.sendAt === 'best_time';
        if (deferred && !isPremium) throw new ForbiddenError(CONTENT_MESSAGES.bestTimePremium);
        const { sends, bad } = sendWindowOf(state);
        if (heldBouncedContacts > 0 && bounceRateTooHigh(sends, bad)) throw new ForbiddenError(sendingPausedMessage(bad, sends, heldBouncedContacts));

        // Each contact is a person reached only if a real reader can be behind the address and may get it now.
        const context: ReachContext = { ...command.data, contentId };
        let budgetLeft = Math.max(0, emailBudget - dailyEmailCount(state, now));
        const reached: ShareTarget[] = [];
        const mailboxes: string[] = [];
        const skipped: ShareSkip[] = [];
        for (const contact of contacts) {
          const mailbox = normalizedEmail(contact.email);
          let reason = reachOf(state, context, contact);
          if (reason === 'available' && mailboxes.includes(mailbox)) reason = 'duplicate_address';
          if (reason === 'available' && budgetLeft === 0) reason = 'email_budget';
          if (reason !== 'available') {
            skipped.push({ contactId: contact.contactId, reason });
            continue;
          }
          budgetLeft -= 1;
          reached.push(contact);
          mailboxes.push(mailbox);
        }
        if (reached.length === 0) throw new ConflictError(nobodyReachedDetail(skipped, byId, emailBudget));

        // Credit: the people newly reached, up to what the match still needs (deferred: as each e-mail goes).
        const credit = deferred ? 0 : Math.min(reached.length, stillNeeded(state, contentId, requiredShares));
        const events: CreatorContentEvent[] = [
          {
            type: 'ContentShared',
            data: {
              shareId,
              contentId,
              contentOwnerId,
              contentTitle,
              sharerId,
              sharerUsername,
              contactIds: reached.map((contact) => contact.contactId),
              mailboxes,
              credit,
              skipped,
              note,
              ...(deferred && { deferred: { timeZone: command.data.timeZone ?? 'UTC' } }),
              sharedAt: now,
            },
          },
        ];
        const credited = (state.credited.get(contentId) ?? 0) + credit;
        if (!state.completed.has(contentId) && credited >= requiredShares) {
          // The credit releases the chosen or the oldest queued item; with nothing queued it stays banked.
          const release = releaseContentId ?? state.pending.keys().next().value ?? null;
          events.push({
            type: 'MatchCompleted',
            data: { sharerId, contentId, contentOwnerId, contentTitle, requiredShares, releasedContentId: release, completedAt: now },
          });
          if (release !== null) {
            const releasedTitle = state.contents.get(release)?.title ?? '';
            events.push({
              type: 'ContentReleased',
              data: { contentId: release, userId: sharerId, contentTitle: releasedTitle, reason: 'match_completed', matchContentId: contentId, releasedAt: now },
            });
          }
        }
        return events;
      }

      case 'CreditDelivery': {
        const { contentId, mailbox, requiredShares, now, ...rest } = command.data;
        // Counted once, and only for an e-mail of a deferred share that went.
        if (!state.awaiting.has(awaitingKey(contentId, mailbox))) return [];
        const credit = Math.min(1, stillNeeded(state, contentId, requiredShares));
        const events: CreatorContentEvent[] = [{ type: 'ShareCreditGranted', data: { ...rest, contentId, mailbox, credit, grantedAt: now } }];
        const credited = (state.credited.get(contentId) ?? 0) + credit;
        if (credit > 0 && !state.completed.has(contentId) && credited >= requiredShares) {
          // The release rule of a share, applied when the e-mail that completes the match goes.
          const release = state.pending.keys().next().value ?? null;
          events.push({
            type: 'MatchCompleted',
            data: { sharerId: rest.sharerId, contentId, contentOwnerId: rest.contentOwnerId, contentTitle: rest.contentTitle, requiredShares, releasedContentId: release, completedAt: now },
          });
          if (release !== null) {
            events.push({
              type: 'ContentReleased',
              data: { contentId: release, userId: rest.sharerId, contentTitle: state.contents.get(release)?.title ?? '', reason: 'match_completed', matchContentId: contentId, releasedAt: now },
            });
          }
        }
        return events;
      }

      case 'WithdrawShareCredit': {
        const { contentId, mailbox, reason, now, ...rest } = command.data;
        const counted = state.reached.get(contentId)?.get(mailbox);
        // Never reached (or already withdrawn as not sent): nothing to take back.
        if (counted === undefined) return [];
        // A bounce or complaint already recorded for this content and mailbox.
        if (!NOT_SENT_REASONS.has(reason) && !counted && state.badMailboxes.has(mailbox)) return [];
        return [{ type: 'ShareCreditWithdrawn', data: { ...rest, contentId, mailbox, reason, credit: counted ? 1 : 0, withdrawnAt: now } }];
      }

      case 'PauseContent': {
        const { contentId, userId, now } = command.data;
        // Pausing twice changes nothing (no event).
        if (ownedContent(state, contentId).paused) return [];
        return [{ type: 'ContentPaused', data: { contentId, userId, pausedAt: now } }];
      }

      case 'ResumeContent': {
        const { contentId, userId, now } = command.data;
        const content = ownedContent(state, contentId);
        if (!content.paused) return [];
        const events: CreatorContentEvent[] = [{ type: 'ContentResumed', data: { contentId, userId, released: content.released, resumedAt: now } }];
        // Back in the queue while a banked credit waits: released at once, as a new submission would be.
        if (!content.released && state.credits > 0) {
          events.push({ type: 'ContentReleased', data: { contentId, userId, contentTitle: content.title, reason: 'banked_credit', releasedAt: now } });
        }
        return events;
      }

      case 'BatchContentAction': {
        const { action, userId, isPremium, now } = command.data;
        const ids = batchIds(command.data.contentIds, isPremium);
        // All or nothing: one missing (or another user's, or deleted) id refuses the whole batch, naming it.
        const missing = ids.filter((id) => {
          const content = state.contents.get(id);
          return !content || content.deleted;
        });
        if (missing.length > 0) throw new NotFoundError(CONTENT_MESSAGES.batchNotFound(missing));
        const events: CreatorContentEvent[] = [];
        // Releases on resume spend banked credits one by one, as single resumes in a row would.
        let credits = state.credits;
        for (const contentId of ids) {
          const content = state.contents.get(contentId) as OwnContent;
          if (action === 'delete') events.push({ type: 'ContentDeleted', data: { contentId, userId, deletedAt: now } });
          else if (action === 'pause') {
            // Already paused: nothing to do for it (as a single pause), the rest still pause.
            if (!content.paused) events.push({ type: 'ContentPaused', data: { contentId, userId, pausedAt: now } });
          } else if (content.paused) {
            events.push({ type: 'ContentResumed', data: { contentId, userId, released: content.released, resumedAt: now } });
            if (!content.released && credits > 0) {
              credits -= 1;
              events.push({ type: 'ContentReleased', data: { contentId, userId, contentTitle: content.title, reason: 'banked_credit', releasedAt: now } });
            }
          }
        }
        return events;
      }

      case 'ReleaseQueuedContent': {
        const { contentId, userId, now } = command.data;
        const content = ownedContent(state, contentId);
        if (content.released) throw new ConflictError(CONTENT_MESSAGES.alreadyLive);
        if (state.credits <= 0) {
          // An item held back for its scheduled time goes back into the queue: the next completed match
          // releases it. One that was never held has nothing to do without a credit.
          if (content.paused) return [{ type: 'ContentResumed', data: { contentId, userId, released: false, resumedAt: now } }];
          throw new ConflictError(CONTENT_MESSAGES.noCredit);
        }
        const release: CreatorContentEvent = {
          type: 'ContentReleased',
          data: { contentId, userId, contentTitle: content.title, reason: 'banked_credit', releasedAt: now },
        };
        // A paused item comes back first, as a resume with a banked credit does (the same two events).
        if (content.paused) return [{ type: 'ContentResumed', data: { contentId, userId, released: false, resumedAt: now } }, release];
        return [release];
      }

      case 'ShuffleMatches': {
        const { userId, seed, isPremium, now } = command.data;
        if (!isPremium && remainingShuffles(state, now) <= 0) throw new QuotaExceededError(CONTENT_MESSAGES.shufflesExhausted);
        return [{ type: 'MatchesShuffled', data: { userId, seed, shuffledAt: now } }];
      }
    }
  },
};

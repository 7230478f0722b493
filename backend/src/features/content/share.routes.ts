import { Router, type Request } from 'express';
import { FREE_DAILY_SHARES } from '@crossfeed/domain/rules/limits.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { sendingPausedMessage, shareCredit } from '@crossfeed/domain/rules/share-credit.ts';
import { NotFoundError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import type { ShareTarget } from '@crossfeed/domain/users/creator-content.commands.ts';
import {
  CONTENT_MESSAGES,
  creatorContentDecider,
  dailyEmailCount,
  dailyShareCount,
  mailboxesHoldingSends,
  matchProgress,
  reachOf,
  sendWindowOf,
  stillNeeded,
  type ReachContext,
} from '@crossfeed/domain/users/creator-content.decider.ts';
import type { ContentReleased, ContentShared } from '@crossfeed/domain/users/user.events.ts';
import { emailBudgetsOf } from '@crossfeed/platform/config/config.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { isLive, isModerationHidden } from '@crossfeed/domain/rules/content-visibility.ts';
import { mailboxFacts } from '@crossfeed/projections/mailboxes/mailbox-facts.queries.ts';
import { SHARES, type ShareDoc } from '@crossfeed/projections/shares/shares.projection.ts';
import { emailBudgetOf, heldBouncedContacts, loadShareInputs, shareTargetOf } from '@crossfeed/projections/sharing/share-inputs.ts';
import type { UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { previewShareEmail } from '@crossfeed/workers/email/share-email-message.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { sendPagedList } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { readCreatorState } from './creator-state.ts';
import { SharePreviewBody, ShareContentBody, ShareQuery } from './content.schemas.ts';

export const UNKNOWN_CONTACTS = 'Unknown contacts.';

/** Contacts the share modal's summary looks through to tell whether enough can still be reached. */
const SUMMARY_SCAN_MAX = 2000;
const SUMMARY_PAGE = 500;

const paramId = (req: Request): string => String(req.params.id ?? '');


/**
 * The content a share is about: 404 while removed or held by moderation (it is nobody else's business that
 * it exists), 400 for the caller's own.
 */
async function shareableContent(ctx: ApiContext, req: Request, user: UserDoc): Promise<ContentDoc> {
  const content = await ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: paramId(req) });
  if (!content || isModerationHidden(content)) throw new NotFoundError(CONTENT_MESSAGES.notFound);
  if (content.user_id === user._id) throw new ValidationError(CONTENT_MESSAGES.shareOwnContent);
  return content;
}

/** What the rule needs to say whether one of the caller's contacts can be reached with this content now. */
async function reachContext(ctx: ApiContext, user: UserDoc, content: ContentDoc, contacts: readonly ContactDoc[], now: string): Promise<ReachContext> {
  const mailboxes = await mailboxFacts(ctx.readStore, contacts.map((contact) => normalizedEmail(contact.email)), user._id, now);
  return { contentId: content._id, sharerEmail: user.email, mailboxes, addressDailyCap: ctx.config.MAX_EMAILS_PER_ADDRESS_PER_DAY, now };
}

/**
 * The share flow (docs/exchange.md): sharing a matched content with contacts, what a share would do before
 * it is made (targets, summary, e-mail preview), and the caller's own shares.
 */
export function shareRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const budgets = emailBudgetsOf(ctx.config);

  // The caller's own shares, newest first: whom each e-mailed and counted, whom it skipped and why (their own contacts only).
  router.get('/content/shares/sent', auth, async (req, res) => {
    const user = currentUser(req);
    const shares = ctx.readStore.collection<ShareDoc>(SHARES);
    // `?content_id=` narrows the list to the shares of one content (the share modal's "sent before").
    const contentId = req.query.content_id;
    if (contentId !== undefined && (typeof contentId !== 'string' || contentId === '' || contentId.length > 200)) {
      throw new ValidationError('content_id must be one content id.');
    }
    const filter = contentId === undefined ? { sharer_id: user._id } : { sharer_id: user._id, content_id: contentId };
    await sendPagedList(req, res, shares, filter, { shared_at: -1, _id: -1 }, async (page) => {
      const contents = await ctx.readStore.collection<ContentDoc>(CONTENTS).find({ _id: { $in: [...new Set(page.map((share) => share.content_id))] } });
      const titles = new Map(contents.map((doc) => [doc._id, doc.title]));
      const contactIds = [...new Set(page.flatMap((share) => [...share.contact_ids, ...(share.skipped ?? []).map((skip) => skip.contactId)]))];
      const contacts = await ctx.readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: contactIds }, user_id: user._id });
      const byId = new Map(contacts.map((contact) => [contact._id, contact]));
      const named = (id: string) => ({ id, name: byId.get(id)?.name ?? null, email: byId.get(id)?.email ?? null });
      return page.map((share) => {
        // Shares made before the per-person rule name no credit: each contact they reached is listed as counted.
        const credit = share.credit ?? share.contact_ids.length;
        const withdrawn = new Map((share.withdrawn ?? []).map((entry) => [entry.contactId, entry.reason]));
        const granted = new Set(share.granted ?? []);
        const reached = share.contact_ids.map((id, index) => {
          const lost = withdrawn.get(id);
          // A deferred share's contacts count as their e-mails go.
          const counted = lost === undefined && (share.deferred ? granted.has(id) : index < credit);
          const waiting = share.deferred && !granted.has(id) ? 'scheduled' : 'match_complete';
          return { ...named(id), counted, ...(counted ? {} : { reason: lost ?? waiting }) };
        });
        return {
          id: share._id,
          content_id: share.content_id,
          content_title: titles.get(share.content_id) ?? null,
          shared_at: share.shared_at,
          note: share.note ?? null,
          counted: reached.filter((contact) => contact.counted).length,
          reached,
          skipped: (share.skipped ?? []).map((skip) => ({ ...named(skip.contactId), reason: skip.reason })),
        };
      });
    });
  });

  // The caller's contacts (paged like GET /contacts/) and whether this content can reach each of them now.
  router.get('/content/:id/share-targets', auth, async (req, res) => {
    const user = currentUser(req);
    const content = await shareableContent(ctx, req, user);
    const now = ctx.clock().toISOString();
    const sort = { created_at: 1, email_key: 1, _id: 1 } as const;
    await sendPagedList(req, res, ctx.readStore.collection<ContactDoc>(CONTACTS), { user_id: user._id }, sort, async (docs) => {
      const context = await reachContext(ctx, user, content, docs, now);
      return readCreatorState(ctx, user._id, (state) =>
        docs.map((contact) => ({ id: contact._id, name: contact.name, email: contact.email, state: reachOf(state, context, shareTargetOf(contact)) })),
      );
    });
  });

  // Before the press: what a share of this content can still count, what the caller may still send today, and
  // whether their contacts can finish the match.
  router.get('/content/:id/share-summary', auth, async (req, res) => {
    const user = currentUser(req);
    const content = await shareableContent(ctx, req, user);
    const now = ctx.clock().toISOString();
    const premium = isPremiumActive(user, now);
    const own = await readCreatorState(ctx, user._id, (state) => ({
      match: matchProgress(state, content._id, content.required_shares),
      stillNeeded: stillNeeded(state, content._id, content.required_shares),
      sharesToday: dailyShareCount(state, now),
      emailsToday: dailyEmailCount(state, now),
      window: sendWindowOf(state),
      holdingMailboxes: mailboxesHoldingSends(state),
    }));
    const budget = emailBudgetOf(user, now, budgets);
    const held = await heldBouncedContacts(ctx.readStore, user._id, own.holdingMailboxes);

    // Counts the contacts a share could reach now, a page at a time, until the match's need is covered.
    const contacts = ctx.readStore.collection<ContactDoc>(CONTACTS);
    let available = 0;
    let scanned = 0;
    let total = 0;
    for (let offset = 0; offset < SUMMARY_SCAN_MAX; offset += SUMMARY_PAGE) {
      const page = await contacts.find({ user_id: user._id }, { sort: { created_at: 1, email_key: 1, _id: 1 }, skip: offset, limit: SUMMARY_PAGE });
      if (page.length === 0) break;
      const context = await reachContext(ctx, user, content, page, now);
      available += await readCreatorState(ctx, user._id, (state) => page.filter((contact) => reachOf(state, context, shareTargetOf(contact)) === 'available').length);
      scanned += page.length;
      if (page.length < SUMMARY_PAGE || available >= Math.max(own.stillNeeded, 1)) break;
    }
    if (scanned > 0) total = await contacts.count({ user_id: user._id });
    const budgetLeft = Math.max(0, budget - own.emailsToday);
    res.json({
      content_live: isLive(content),
      match: own.match,
      still_needed: own.stillNeeded,
      shares_left_today: premium ? null : Math.max(0, FREE_DAILY_SHARES - own.sharesToday),
      email_budget: { limit: budget, used: Math.min(budget, own.emailsToday), remaining: budgetLeft },
      address_daily_cap: ctx.config.MAX_EMAILS_PER_ADDRESS_PER_DAY,
      available_contacts: available,
      // False when the count stopped early: at least this many can be reached.
      available_contacts_exact: scanned >= total,
      can_finish_match: own.stillNeeded === 0 || Math.min(available, budgetLeft) >= own.stillNeeded,
      sending_paused: held > 0 ? sendingPausedMessage(own.window.bad, own.window.sends, held) : null,
      // "Send at the best time" (Premium auto-scheduling).
      best_time: premium,
    });
  });

  // The e-mail a share will send, exactly as a contact receives it (the first selected contact, or a sample one).
  router.post('/content/:id/share-preview', auth, async (req, res) => {
    const user = currentUser(req);
    const body = parseInput(SharePreviewBody, req.body ?? {});
    const content = await shareableContent(ctx, req, user);
    const contact = body.contact_id
      ? await ctx.readStore.collection<ContactDoc>(CONTACTS).findOne({ _id: body.contact_id, user_id: user._id })
      : null;
    if (body.contact_id && !contact) throw new ValidationError(UNKNOWN_CONTACTS);
    const preview = await previewShareEmail(
      { config: ctx.config, readStore: ctx.readStore },
      { sharer: user, content, recipient: contact ? { name: contact.name, email: contact.email, contactId: contact._id } : null, note: body.note },
    );
    res.json(preview);
  });

  router.post('/content/:id/share', auth, async (req, res) => {
    const user = currentUser(req);
    const { contactIds, note, sendAt, timeZone } = parseInput(ShareContentBody, req.body ?? []);
    const { release_content_id } = parseInput(ShareQuery, req.query);
    const content = await shareableContent(ctx, req, user);
    const contacts = await ctx.readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: contactIds }, user_id: user._id });
    if (contacts.length !== contactIds.length) throw new ValidationError(UNKNOWN_CONTACTS);
    const byId = new Map(contacts.map((contact) => [contact._id, contact]));
    // In the order chosen.
    const targets: ShareTarget[] = contactIds.map((id) => shareTargetOf(byId.get(id) as ContactDoc));
    const now = ctx.clock().toISOString();
    const holdingMailboxes = await readCreatorState(ctx, user._id, mailboxesHoldingSends);
    const inputs = await loadShareInputs(ctx.readStore, { sharer: user, emails: targets.map((target) => target.email), holdingMailboxes, now, budgets });
    const { events } = await execute(
      ctx,
      creatorContentDecider,
      userStream(user._id),
      {
        type: 'ShareContent',
        data: {
          shareId: ctx.newId(),
          contentId: content._id,
          contentOwnerId: content.user_id,
          contentTitle: content.title,
          sharerId: user._id,
          sharerUsername: user.username,
          sharerEmail: user.email,
          contacts: targets,
          contentLive: isLive(content),
          requiredShares: content.required_shares,
          addressDailyCap: ctx.config.MAX_EMAILS_PER_ADDRESS_PER_DAY,
          ...inputs,
          note,
          sendAt,
          timeZone,
          ...(release_content_id !== undefined && { releaseContentId: release_content_id }),
          isPremium: isPremiumActive(user, now),
          now,
        },
      },
      { userId: user._id },
    );
    const shared = events.find((event): event is ContentShared => event.type === 'ContentShared');
    const release = events.find((event): event is ContentReleased => event.type === 'ContentReleased');
    const contents = ctx.readStore.collection<ContentDoc>(CONTENTS);
    const updated = await contents.findOne({ _id: content._id });
    const match = await readCreatorState(ctx, user._id, (state) => matchProgress(state, content._id, content.required_shares));
    const released = release ? await contents.findOne({ _id: release.data.contentId }) : null;
    const credit = shared ? shareCredit(shared.data) : 0;
    const name = (id: string) => byId.get(id)?.name ?? null;
    res.json({
      message: 'Content shared successfully!',
      share_count: updated?.share_count ?? content.share_count + credit,
      counted: credit,
      reached: (shared?.data.contactIds ?? []).map((id, index) => ({
        id,
        name: name(id),
        counted: index < credit,
        ...(index < credit ? {} : { reason: shared?.data.deferred ? ('scheduled' as const) : ('match_complete' as const) }),
      })),
      skipped: (shared?.data.skipped ?? []).map((skip) => ({ id: skip.contactId, name: name(skip.contactId), reason: skip.reason })),
      match,
      released: release ? { id: release.data.contentId, title: released?.title ?? null } : null,
    });
  });

  return router;
}

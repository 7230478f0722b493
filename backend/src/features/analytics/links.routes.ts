import { Router, type Request, type Response } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import {
  CONTENT_LINK_MESSAGES,
  contentLinksDecider,
  isShortCode,
  visitOf,
} from '@crossfeed/domain/content/content-links.decider.ts';
import { isHttpUrl } from '@crossfeed/domain/rules/validation.ts';
import { unsafeUrlReason } from '@crossfeed/domain/rules/safe-url.ts';
import { escapeHtml, plainPage } from '../../http/plain-page.ts';
import { ForbiddenError } from '@crossfeed/domain/shared/errors.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { utcDay } from '@crossfeed/domain/rules/audience-score.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { clickSecret, clickToken, clickVisitor, signingSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import type { LinkClicked } from '@crossfeed/domain/content/content.events.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { SHORT_LINKS, type ShortLinkDoc } from '@crossfeed/projections/short-links/short-links.projection.ts';
import { SHARE_EMAILS, shareEmailId, type ShareEmailDoc } from '@crossfeed/projections/share-emails/share-emails.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { parseInput } from '../../http/validate.ts';
import { botReason } from './bot-detection.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { ownedContent } from './owned-content.ts';
import { claimShortCode } from '@crossfeed/platform/reservations/reservations.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { isLinkable } from '@crossfeed/domain/rules/content-visibility.ts';

const LINK_NOT_FOUND = 'Link not found.';
export const UNSAFE_TARGET = 'This link does not lead to a public website, so it is not followed.';
/**
 * Clicks recorded per visitor (IP) and link per minute. Past it the visitor is still redirected, but the
 * click is not appended: a script cannot inflate counts or grow the content stream without bound.
 */
export const CLICKS_PER_VISITOR_PER_MINUTE = 30;
export const CreateLinkInput = z.strictObject({ content_id: z.string({ error: 'is required.' }).trim().min(1, 'is required.') });

/** What a reader who followed a link that leads nowhere reads (a browser; API clients get `{ detail }`). */
export const LINK_PAGE_TEXTS = {
  notFoundTitle: 'This link is not available',
  notFound: 'The content this link pointed to was removed, or the link was mistyped. Nothing is wrong on your side.',
  unsafeTitle: 'This link was not followed',
  home: 'Go to Crossfeed',
} as const;

/**
 * Answers a link that leads nowhere: a page in the product's look for a browser (a reader who clicked an
 * e-mail should not meet raw JSON), `{ detail }` for anyone else.
 */
function linkUnavailable(req: Request, res: Response, status: 400 | 404, detail: string): void {
  res.set('Cache-Control', 'no-store');
  if (req.accepts(['json', 'html']) !== 'html') {
    res.status(status).json({ detail });
    return;
  }
  const title = status === 404 ? LINK_PAGE_TEXTS.notFoundTitle : LINK_PAGE_TEXTS.unsafeTitle;
  const text = status === 404 ? LINK_PAGE_TEXTS.notFound : detail;
  res
    .status(status)
    .type('html')
    .send(plainPage(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">${escapeHtml(LINK_PAGE_TEXTS.home)}</a></p>`));
}

/**
 * The url a short link sends people to, or null when it is not a safe, public http(s) url (never
 * `javascript:`, never a local, private or metadata address, never with credentials: content stored
 * before these rules were checked at submission is checked again here).
 */
export function redirectTarget(content: Pick<ContentDoc, 'url' | 'enhanced_url'>): string | null {
  const target = content.enhanced_url || content.url;
  if (typeof target !== 'string' || target.trim() !== target || !isHttpUrl(target) || unsafeUrlReason(target) !== null) return null;
  // The parsed form: absolute, encoded, exactly what the check above accepted.
  return new URL(target).href;
}

/**
 * The contact a tracked link's `?c=` names, and whose contact it is (the sharer who sent it): contacts this
 * content was e-mailed to by a sharer (their own `?c=` link: `delivered`), or the owner's own contacts (a
 * link the owner tracks by hand, which Crossfeed never delivered); anything else is dropped, not stored.
 */
export async function attributedContact(
  ctx: ApiContext,
  contentId: string,
  ownerId: string,
  requested: unknown,
): Promise<{ contactId: string; sharerId: string | null; delivered: boolean } | null> {
  if (typeof requested !== 'string' || requested.length === 0 || requested.length > 100) return null;
  const contact = await ctx.readStore.collection<ContactDoc>(CONTACTS).findOne({ _id: requested }, { projection: { user_id: 1 } });
  if (contact?.user_id === ownerId) return { contactId: contact._id, sharerId: ownerId, delivered: false };
  const emailed = await ctx.readStore.collection<ShareEmailDoc>(SHARE_EMAILS).findOne({ _id: shareEmailId(contentId, requested) });
  if (!emailed) return null;
  // The sharer: the contact's owner, or (the contact since removed) the sharer whose e-mail it was.
  return { contactId: emailed.contact_id, sharerId: contact?.user_id ?? emailed.sharer_id, delivered: true };
}

/** The parameter an enhanced link's redirect carries for the creator's conversion snippet. */
export const CLICK_TOKEN_PARAM = 'cf_click';

/**
 * Who a click comes from, as the decider counts visitors (docs/scores.md): a contact Crossfeed e-mailed the
 * content to is `c:{contactId}`; an owner's hand-tracked contact `o:{contactId}` with the address bound of
 * anonymous visitors; anyone else a pseudonym of address, user agent and day.
 */
function visitorOf(
  key: string,
  req: Request,
  attributed: { contactId: string; delivered: boolean } | null,
  day: string,
): { visitor: string; address: string | null } {
  // A contact Crossfeed e-mailed needs no pseudonym: the two HMACs are computed only for the others.
  if (attributed?.delivered) return { visitor: `c:${attributed.contactId}`, address: null };
  const pseudonyms = clickVisitor(key, req.ip ?? 'unknown', req.get('user-agent') ?? '', day);
  return attributed ? { visitor: `o:${attributed.contactId}`, address: pseudonyms.address } : pseudonyms;
}

export function linkRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const clickLimiter = new RateLimiterMemory({ points: CLICKS_PER_VISITOR_PER_MINUTE, duration: 60, keyPrefix: 'link_click' });
  const withinClickLimit = (key: string): Promise<boolean> =>
    clickLimiter.consume(key).then(
      () => true,
      () => false,
    );

  const key = clickSecret(signingSecret(ctx.config));

  /** Records the click; answers the visit it belongs to (a person's), or null (a bot, or not recorded). */
  async function recordClick(req: Request, link: ShortLinkDoc, code: string): Promise<string | null> {
    const reason = botReason(req);
    const attributed = await attributedContact(ctx, link.content_id, link.owner_id, req.query.c);
    const now = ctx.clock().toISOString();
    const { visitor, address } = visitorOf(key, req, attributed, utcDay(now));
    try {
      // Decided on the content's counted visitors of the day (a person counts once); the visitor does not
      // wait for the projections.
      const { events } = await handleCommand(ctx.eventStore, contentLinksDecider, contentStream(link.content_id), {
        type: 'RecordClick',
        data: {
          contentId: link.content_id,
          ownerId: link.owner_id,
          shortCode: code,
          contactId: attributed?.contactId ?? null,
          sharerId: attributed?.sharerId ?? null,
          human: reason === null,
          botReason: reason,
          visitor,
          address,
          now,
        },
      });
      const clicked = events.find((event): event is LinkClicked => event.type === 'LinkClicked');
      return clicked?.data.human ? visitOf(visitor, utcDay(now)) : null;
    } catch (error) {
      // The visitor is redirected anyway; a lost click is logged, not shown to them.
      ctx.logger.error({ err: error, shortCode: code }, 'could not record a short link click');
      return null;
    }
  }

  router.post('/links', auth, async (req, res) => {
    const user = currentUser(req);
    const input = parseInput(CreateLinkInput, req.body);
    const content = await ownedContent(ctx, input.content_id, user._id);
    const isPremium = isPremiumActive(user, ctx.clock().toISOString());
    // Checked before a code is reserved, so Free users leave no reservations behind (the decider checks too).
    if (!isPremium) throw new ForbiddenError(CONTENT_LINK_MESSAGES.shortLinksPremium);
    const shortCode = await claimShortCode(ctx.eventStore, content._id, ctx.clock().toISOString());
    await execute(
      ctx,
      contentLinksDecider,
      contentStream(content._id),
      {
        type: 'CreateShortLink',
        data: { contentId: content._id, ownerId: content.user_id, shortCode, requesterId: user._id, isPremium, now: ctx.clock().toISOString() },
      },
      { userId: user._id },
    );
    res.status(201).json({ short_code: shortCode, url: `${ctx.config.PUBLIC_URL}/links/${shortCode}`, content_id: content._id });
  });

  /** Public. Answers HEAD too (Express routes it here), recorded as a bot click. */
  router.get('/links/:code', async (req, res) => {
    const code = String(req.params.code).toLowerCase();
    const link = isShortCode(code) ? await ctx.readStore.collection<ShortLinkDoc>(SHORT_LINKS).findOne({ _id: code }) : null;
    const content = link ? await ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: link.content_id }) : null;
    // The one visibility rule: content deleted, removed, flagged or under review is not redirected to, and its
    // link answers as an unknown one (what a visitor sees does not say why).
    if (!link || !content || !isLinkable(content)) {
      linkUnavailable(req, res, 404, LINK_NOT_FOUND);
      return;
    }
    const target = redirectTarget(content);
    if (!target) {
      ctx.logger.warn({ shortCode: code, contentId: link.content_id }, 'short link target is not a public http(s) url; not redirecting');
      // Not a web link at all: as if there were no link. A web link to an internal address: said so.
      const stored = content.enhanced_url || content.url;
      const webLink = typeof stored === 'string' && isHttpUrl(stored.trim());
      linkUnavailable(req, res, webLink ? 400 : 404, webLink ? UNSAFE_TARGET : LINK_NOT_FOUND);
      return;
    }

    const visit = (await withinClickLimit(`${req.ip ?? 'unknown'}:${code}`)) ? await recordClick(req, link, code) : null;
    res.set('Cache-Control', 'no-store');
    // An enhanced link (the owner tracks conversions on their site) carries the visit, signed: the snippet
    // sends it back with a conversion, which is verified only for a counted visit (docs/scores.md).
    if (visit !== null && content.enhanced_url) {
      const tracked = new URL(target);
      tracked.searchParams.set(CLICK_TOKEN_PARAM, clickToken(key, content._id, visit));
      res.redirect(302, tracked.href);
      return;
    }
    res.redirect(302, target);
  });

  return router;
}

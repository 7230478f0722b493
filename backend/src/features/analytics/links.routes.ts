import { Router, type Request } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import {
  CONTENT_LINK_MESSAGES,
  contentLinksDecider,
  isShortCode,
} from '@crossfeed/domain/content/content-links.decider.ts';
import { isHttpUrl } from '@crossfeed/domain/rules/validation.ts';
import { unsafeUrlReason } from '@crossfeed/domain/rules/safe-url.ts';
import { HttpError } from '../../http/http-error.ts';
import { ForbiddenError, NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
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
import { reserveShortCode } from './short-code.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { isLinkable } from '@crossfeed/domain/rules/content-visibility.ts';

const LINK_NOT_FOUND = 'Link not found.';
export const UNSAFE_TARGET = 'This link does not lead to a public website, so it is not followed.';
/**
 * Clicks recorded per visitor (IP) and link per minute. Past it the visitor is still redirected, but the
 * click is not appended: a script cannot inflate counts or grow the content stream without bound.
 */
export const CLICKS_PER_VISITOR_PER_MINUTE = 30;
const CreateLinkInput = z.strictObject({ content_id: z.string({ error: 'is required.' }).trim().min(1, 'is required.') });

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
 * The contact a tracked link's `?c=` names, and whose contact it is (the sharer who sent it): only the
 * owner's own contacts, or contacts this content was e-mailed to by a sharer (their own `?c=` link), are
 * attributed; anything else is dropped, not stored.
 */
export async function attributedContact(
  ctx: ApiContext,
  contentId: string,
  ownerId: string,
  requested: unknown,
): Promise<{ contactId: string; sharerId: string | null } | null> {
  if (typeof requested !== 'string' || requested.length === 0 || requested.length > 100) return null;
  const contact = await ctx.readStore.collection<ContactDoc>(CONTACTS).findOne({ _id: requested }, { projection: { user_id: 1 } });
  if (contact?.user_id === ownerId) return { contactId: contact._id, sharerId: ownerId };
  const emailed = await ctx.readStore.collection<ShareEmailDoc>(SHARE_EMAILS).findOne({ _id: shareEmailId(contentId, requested) });
  if (!emailed) return null;
  // The sharer: the contact's owner, or (the contact since removed) the sharer whose e-mail it was.
  return { contactId: emailed.contact_id, sharerId: contact?.user_id ?? emailed.sharer_id };
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

  async function recordClick(req: Request, link: ShortLinkDoc, code: string): Promise<void> {
    const reason = botReason(req);
    const attributed = await attributedContact(ctx, link.content_id, link.owner_id, req.query.c);
    const events = contentLinksDecider.decide(
      {
        type: 'RecordClick',
        data: {
          contentId: link.content_id,
          ownerId: link.owner_id,
          shortCode: code,
          contactId: attributed?.contactId ?? null,
          sharerId: attributed?.sharerId ?? null,
          human: reason === null,
          botReason: reason,
          now: ctx.clock().toISOString(),
        },
      },
      contentLinksDecider.initialState(),
    );
    try {
      // A click is a fact: appended with `any`, and the visitor does not wait for the projections.
      await ctx.eventStore.append(contentStream(link.content_id), events.map(({ type, data }) => ({ type, data })), { expectedRevision: 'any' });
    } catch (error) {
      // The visitor is redirected anyway; a lost click is logged, not shown to them.
      ctx.logger.error({ err: error, shortCode: code }, 'could not record a short link click');
    }
  }

  router.post('/links', auth, async (req, res) => {
    const user = currentUser(req);
    const input = parseInput(CreateLinkInput, req.body);
    const content = await ownedContent(ctx, input.content_id, user._id);
    const isPremium = isPremiumActive(user, ctx.clock().toISOString());
    // Checked before a code is reserved, so Free users leave no reservations behind (the decider checks too).
    if (!isPremium) throw new ForbiddenError(CONTENT_LINK_MESSAGES.shortLinksPremium);
    const shortCode = await reserveShortCode(ctx, content._id);
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
    if (!isShortCode(code)) throw new NotFoundError(LINK_NOT_FOUND);
    const link = await ctx.readStore.collection<ShortLinkDoc>(SHORT_LINKS).findOne({ _id: code });
    if (!link) throw new NotFoundError(LINK_NOT_FOUND);
    const content = await ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: link.content_id });
    // The one visibility rule: content deleted, removed, flagged or under review is not redirected to, and its
    // link answers as an unknown one (what a visitor sees does not say why).
    if (!content || !isLinkable(content)) throw new NotFoundError(LINK_NOT_FOUND);
    const target = redirectTarget(content);
    if (!target) {
      ctx.logger.warn({ shortCode: code, contentId: link.content_id }, 'short link target is not a public http(s) url; not redirecting');
      // Not a web link at all: as if there were no link. A web link to an internal address: said so.
      const stored = content.enhanced_url || content.url;
      if (typeof stored === 'string' && isHttpUrl(stored.trim())) throw new HttpError(400, UNSAFE_TARGET);
      throw new NotFoundError(LINK_NOT_FOUND);
    }

    if (await withinClickLimit(`${req.ip ?? 'unknown'}:${code}`)) await recordClick(req, link, code);
    res.set('Cache-Control', 'no-store');
    res.redirect(302, target);
  });

  return router;
}

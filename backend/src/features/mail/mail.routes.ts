import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { mailboxDecider, suppressionOf } from '@crossfeed/domain/mailboxes/mailbox.decider.ts';
import type { MailboxCommand } from '@crossfeed/domain/mailboxes/mailbox.commands.ts';
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { isValidEmail } from '@crossfeed/domain/rules/validation.ts';
import { NotFoundError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { mailboxStream } from '@crossfeed/domain/shared/streams.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import { persistentSecret } from '@crossfeed/platform/config/secrets.ts';
import { readUnsubscribeToken, signingSecret, unsubscribeSecret, type UnsubscribeRecipient } from '@crossfeed/platform/security/derived-tokens.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseInput } from '../../http/validate.ts';
import { mailEventsSignatureProblem, MAIL_EVENTS_SIGNATURE_HEADER } from './mail-event-signature.ts';
import { invalidUnsubscribePage, unsubscribePage } from './unsubscribe.page.ts';

/** Most events one `POST /mail/events` may carry. */
export const MAIL_EVENTS_MAX = 1000;

export const MailEvent = z.strictObject({
  type: z.enum(['bounce', 'complaint', 'unsubscribe']),
  email: z.string().trim().max(320).refine(isValidEmail, 'must be an e-mail address.'),
  bounce_type: z.enum(['hard', 'soft']).optional(),
  occurred_at: z.string().datetime({ offset: true }).optional(),
});
export const MailEventsBody = z.union([MailEvent.transform((event) => [event]), z.array(MailEvent).min(1).max(MAIL_EVENTS_MAX)]);

/** The relay's secret: MAIL_EVENTS_SECRET, else one generated once into DATA_DIR (docs/operations.md, "Configuration"). */
export const mailEventsSecret = (ctx: Pick<ApiContext, 'config'>): string =>
  persistentSecret(ctx.config.DATA_DIR, 'mailEventsSecret', ctx.config.MAIL_EVENTS_SECRET);

/** True for RFC 8058's one-click POST: `List-Unsubscribe=One-Click`, form-encoded or as a multipart field. */
function isOneClick(req: Request): boolean {
  const body = req.body as unknown;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) return (body as Record<string, unknown>)['List-Unsubscribe'] === 'One-Click';
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : '';
  return /name="?List-Unsubscribe"?\s*\r?\n\r?\n\s*One-Click/i.test(text) || /(^|&)List-Unsubscribe=One-Click(&|$)/.test(text.trim());
}

/**
 * Mail the people who get our e-mail may act on (docs/exchange.md): the unsubscribe page and its one-click
 * POST (RFC 8058, no login, no cookie), and the relay's bounces, complaints and unsubscribes.
 */
export function mailRoutes(ctx: ApiContext): Router {
  const router = Router();
  const tokenKey = unsubscribeSecret(signingSecret(ctx.config));

  const recipientOf = (req: Request): UnsubscribeRecipient | null => readUnsubscribeToken(tokenKey, String(req.params.token ?? ''));

  const sharerName = async (sharerId: string): Promise<string> => {
    const sharer = await ctx.readStore.collection<UserDoc>(USERS).findOne({ _id: sharerId }, { projection: { username: 1, profile: 1 } });
    return sharer?.profile?.name?.trim() || sharer?.username || 'this creator';
  };

  const unsubscribe = async (recipient: UnsubscribeRecipient, scope: 'all' | 'sharer', source: 'link' | 'one_click'): Promise<void> => {
    const command: MailboxCommand = {
      type: 'UnsubscribeMailbox',
      data: { mailbox: recipient.mailbox, scope, sharerId: scope === 'sharer' ? recipient.sharerId : null, source, now: ctx.clock().toISOString() },
    };
    // Read-your-writes: the next share by anyone already sees it in the read model.
    await execute(ctx, mailboxDecider, mailboxStream(recipient.mailbox), command);
  };

  const sendPage = (res: Response, status: number, html: string): void => {
    res.status(status).type('html').set('Cache-Control', 'no-store').send(html);
  };

  router.get('/u/:token', async (req, res) => {
    const recipient = recipientOf(req);
    if (!recipient) {
      sendPage(res, 404, invalidUnsubscribePage());
      return;
    }
    const state = await commandHandlerFor(ctx.eventStore).query(mailboxDecider, mailboxStream(recipient.mailbox), (mailbox) => ({
      stoppedAll: mailbox.unsubscribedAll,
      stoppedSharer: suppressionOf(mailbox, recipient.sharerId) !== null,
    }));
    sendPage(res, 200, unsubscribePage({ action: req.originalUrl.split('?')[0] ?? '', address: recipient.mailbox, sharerName: await sharerName(recipient.sharerId), ...state }));
  });

  // Mail clients post `List-Unsubscribe=One-Click` (form-encoded, or multipart); the page's forms post `scope`.
  router.post('/u/:token', express.raw({ type: (req) => !/urlencoded|json/i.test(String(req.headers['content-type'] ?? '')), limit: '10kb' }), async (req, res) => {
    const recipient = recipientOf(req);
    if (!recipient) throw new NotFoundError('This unsubscribe link is not valid.');
    if (isOneClick(req)) {
      await unsubscribe(recipient, 'all', 'one_click');
      res.json({ message: 'Unsubscribed: no more e-mails from Crossfeed will reach this address.' });
      return;
    }
    const scope = (req.body as { scope?: unknown } | undefined)?.scope;
    if (scope !== 'all' && scope !== 'sharer') throw new ValidationError('Choose whose e-mails to stop: scope "sharer" or "all".');
    await unsubscribe(recipient, scope, 'link');
    const name = await sharerName(recipient.sharerId);
    sendPage(res, 200, unsubscribePage({ action: req.originalUrl.split('?')[0] ?? '', address: recipient.mailbox, sharerName: name, stoppedAll: scope === 'all', stoppedSharer: true }));
  });

  // Bounces, complaints and unsubscribes from the relay that sends the mail, signed with the events secret.
  router.post('/mail/events', express.raw({ type: (req) => !/json/i.test(String(req.headers['content-type'] ?? '')), limit: '1mb' }), async (req, res) => {
    const rawBody = (req as { rawBody?: Buffer }).rawBody ?? (Buffer.isBuffer(req.body) ? req.body : undefined);
    if (!rawBody || rawBody.length === 0) throw new ValidationError('The body must be a mail event or a list of them.');
    const problem = mailEventsSignatureProblem(mailEventsSecret(ctx), req.get(MAIL_EVENTS_SIGNATURE_HEADER), rawBody, Math.floor(ctx.clock().getTime() / 1000));
    if (problem) throw new HttpError(401, problem);
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new ValidationError('The body must be JSON.');
    }
    const events = parseInput(MailEventsBody, parsed);
    const now = ctx.clock();
    let applied = 0;
    for (const event of events) {
      const mailbox = normalizedEmail(event.email);
      // The event's own time, never later than now.
      const at = new Date(Math.min(now.getTime(), event.occurred_at ? Date.parse(event.occurred_at) : now.getTime())).toISOString();
      const command: MailboxCommand =
        event.type === 'unsubscribe'
          ? { type: 'UnsubscribeMailbox', data: { mailbox, scope: 'all', sharerId: null, source: 'relay', now: at } }
          : {
              type: 'RecordMailFailure',
              data: { mailbox, kind: event.type === 'complaint' ? 'complaint' : event.bounce_type === 'soft' ? 'soft_bounce' : 'hard_bounce', source: 'relay', now: at },
            };
      const { events: recorded } = await execute(ctx, mailboxDecider, mailboxStream(mailbox), command);
      applied += recorded.length;
    }
    res.json({ received: events.length, applied });
  });

  return router;
}

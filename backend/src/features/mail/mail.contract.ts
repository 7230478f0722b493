import { z } from 'zod';
import { operations } from '../../api/openapi/operation.ts';
import { MAIL_EVENTS_SIGNATURE_HEADER, MAIL_EVENTS_TOLERANCE_SECONDS } from './mail-event-signature.ts';
import { MAIL_EVENTS_MAX, MailEventsBody } from './mail.routes.ts';

/** The unsubscribe page's forms post `scope`; mail clients' one-click POST (RFC 8058) posts `List-Unsubscribe`. */
const UnsubscribeForm = z.object({
  scope: z.enum(['sharer', 'all']).optional().describe("Whose e-mails to stop: the sharer's, or all of Crossfeed's (the page's forms)."),
  'List-Unsubscribe': z.literal('One-Click').optional().describe("RFC 8058's one-click unsubscribe (mail clients): stops all of Crossfeed's e-mails."),
});

const MailEventsAnswerSchema = z.object({
  received: z.number().int().min(0).describe('The events the body held.'),
  applied: z.number().int().min(0).describe('Those that changed something (a repeated event changes nothing).'),
});

const PAGE = 'text/html';

/** The operations of `mail` (unsubscribe links and the mail relay's events) as the OpenAPI document describes them (issue 26). */
export const mailOperations = operations([
  {
    method: 'get',
    route: '/u/:token',
    operationId: 'getUnsubscribePage',
    summary: 'The unsubscribe page of a share e-mail',
    description: "The link at the foot of every share e-mail (no login): a page that stops the sharer's e-mails or all of Crossfeed's.",
    tag: 'Mail',
    access: 'public',
    responses: {
      200: { description: 'The unsubscribe page.', contentType: PAGE },
      404: { description: 'A page saying the link is not valid.', contentType: PAGE },
    },
    errors: [],
  },
  {
    method: 'post',
    route: '/u/:token',
    operationId: 'unsubscribe',
    summary: 'Unsubscribe (the page\'s forms and one-click)',
    description:
      "The page's forms post `scope` (`sharer` or `all`) and get the page back, saying what is stopped. Mail clients post `List-Unsubscribe=One-Click` (RFC 8058; form-encoded or multipart) and get `{ \"message\" }` as JSON instead. No login: the token in the path names the address and the sharer.",
    tag: 'Mail',
    access: 'public',
    body: UnsubscribeForm,
    bodyEncoding: 'form',
    responses: { 200: { description: 'Unsubscribed: the page (a one-click POST gets `{ "message" }` as JSON).', contentType: PAGE } },
    errors: [400, 404, 413],
  },
  {
    method: 'post',
    route: '/mail/events',
    operationId: 'receiveMailEvents',
    summary: "The mail relay's bounces, complaints and unsubscribes",
    description: `One event or a list of at most ${MAIL_EVENTS_MAX}, signed with the mail events secret: \`${MAIL_EVENTS_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`, refused when older or newer than ${MAIL_EVENTS_TOLERANCE_SECONDS} seconds (401).`,
    tag: 'Mail',
    access: 'signed',
    body: MailEventsBody,
    bodyEncoding: 'raw',
    responses: { 200: { description: 'The events were recorded.', schema: MailEventsAnswerSchema } },
    errors: [400, 401, 413],
  },
]);

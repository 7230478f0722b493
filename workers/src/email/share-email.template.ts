/**
 * The e-mail a contact receives when a creator shares content with them: subject, From display name, and a
 * text and an HTML part carrying the same information. A pure function: no I/O, no clock.
 *
 * Plain template literals, not MJML or React Email: the layout is one small card (greeting, optional note,
 * the content, one button, a footer), which hand-written tables with inline styles cover completely; those
 * libraries would add a compile or render step and a large dependency tree to produce the same few tables.
 *
 * Safety rules, each enforced in one place below:
 * - every interpolation in the HTML goes through the `html` tag, which escapes it unless it is itself `html`;
 * - links are emitted only for http(s) URLs (otherwise the label is shown without a link);
 * - control characters in user-written fields become spaces, in both parts;
 * - user text that may span lines (the note, the description) is quoted line by line with "> " in the text
 *   part, so no line of theirs can pass for ours.
 */
import { contentTypeLabel } from '@crossfeed/domain/rules/content-types.ts';

export interface ShareEmailInput {
  /** The sharer's profile name (or username when no profile). */
  sharerName: string;
  /** The contact's name as the sharer stored it. */
  recipientName: string;
  title: string;
  description: string;
  contentType: string;
  creatorName: string;
  /** Optional personal note from the sharer, at most 280 characters. */
  note: string | null;
  /** The one tracked link. */
  link: string;
  /** https://…/u/{token} */
  unsubscribeUrl: string;
  postalAddress: string | null;
  productName?: string;
}

export interface ShareEmail {
  subject: string;
  text: string;
  html: string;
  fromName: string;
}

// --- cleaning user text ------------------------------------------------------------------------------------

// C0 and C1 controls, DEL, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// The same but line feeds, for text whose paragraphs are kept (after CR LF and CR became LF).
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/** A one-line field (a name, a title): every control character becomes a space, runs of spaces one. */
const line = (value: string): string => value.replace(CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();

/** Text whose line breaks are kept (a note, a description): other controls become spaces; at most one blank line in a row. */
const paragraphs = (value: string): string[] => {
  const text = value
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(CONTROLS_BUT_LF, ' ')
    .split('\n')
    .map((row) => row.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text === '' ? [] : text.split('\n');
};

/** Quoted user text for the text part: every line starts with "> ", blank ones with ">". */
const quote = (rows: readonly string[]): string => rows.map((row) => (row === '' ? '>' : `> ${row}`)).join('\n');

/** The URL when it is an absolute http(s) URL, else null (never a `javascript:` or `data:` link). */
function httpUrl(value: string): string | null {
  try {
    const url = new URL(line(value));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

// --- HTML that escapes by default --------------------------------------------------------------------------

/** Markup built by `html`: the only value `html` inserts without escaping. */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

function interpolate(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(interpolate).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value).replace(CONTROLS, ' '));
}

/** Tagged template: every `${value}` is HTML-escaped (control characters made spaces) unless it is `html` itself. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += interpolate(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** A link when the URL is http(s); the label alone otherwise. */
const anchor = (url: string, label: string, style: string): Html => {
  const href = httpUrl(url);
  return href === null ? html`${label}` : html`<a href="${href}" style="${style}">${label}</a>`;
};

const lines = (rows: readonly string[]): Html[] => rows.map((row, i) => (i === 0 ? html`${row}` : html`<br>${row}`));

// --- the e-mail --------------------------------------------------------------------------------------------

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const MUTED = '#616e7c';

export function renderShareEmail(input: ShareEmailInput): ShareEmail {
  const product = line(input.productName ?? 'Crossfeed') || 'Crossfeed';
  const sharer = line(input.sharerName) || 'Someone';
  const recipient = line(input.recipientName);
  const title = line(input.title) || 'Untitled';
  const type = contentTypeLabel(line(input.contentType));
  const creator = line(input.creatorName);
  const description = paragraphs(input.description);
  const note = input.note === null ? [] : paragraphs(Array.from(input.note).slice(0, 280).join(''));
  const postal = input.postalAddress === null ? '' : line(input.postalAddress);
  const link = httpUrl(input.link);
  const unsubscribe = httpUrl(input.unsubscribeUrl);

  const greeting = recipient ? `Hi ${recipient},` : 'Hi,';
  const intro = `Here is something ${sharer} thinks you'll like.`;
  const byline = [type, creator ? `by ${creator}` : ''].filter(Boolean).join(' ');
  const why = `You are receiving this because ${sharer} shared it with you from ${product}, where creators recommend each other's work to people they know.`;

  const text = [
    greeting,
    '',
    intro,
    ...(note.length > 0 ? ['', 'Why I recommend this', `${sharer} wrote:`, quote(note)] : []),
    '',
    `"${title}"`,
    ...(byline ? [byline] : []),
    ...(description.length > 0 ? [quote(description)] : []),
    '',
    // The link on a line of its own: mail clients make it clickable, and nothing else sticks to it.
    ...(link ? ['Take a look:', link] : ['Take a look']),
    '',
    '-- ',
    why,
    ...(postal ? [postal] : []),
    unsubscribe ? `Stop these e-mails (unsubscribe): ${unsubscribe}` : 'Stop these e-mails (unsubscribe)',
  ].join('\n');

  const noteBlock =
    note.length > 0
      ? html`<p style="margin:0 0 4px;font-weight:bold;">Why I recommend this</p>
<p style="margin:0 0 8px;font-size:14px;color:${MUTED};">${sharer} wrote:</p>
<blockquote style="margin:0 0 24px;padding:12px 16px;border-left:4px solid #cbd2d9;background-color:#f5f7fa;color:#323f4b;font-style:italic;">${lines(note)}</blockquote>`
      : '';
  const button = link
    ? html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;"><tr><td style="border-radius:6px;background-color:#1d4ed8;">${anchor(link, 'Take a look', `display:inline-block;padding:12px 28px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;`)}</td></tr></table>`
    : html`<p style="margin:24px 0;font-weight:bold;">Take a look</p>`;

  const body = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${sharer} thinks you'll like "${title}"</title>
</head>
<body style="margin:0;padding:0;background-color:#f0f2f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f0f2f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:32px 24px;${FONT}font-size:16px;line-height:1.5;color:#1f2933;">
<p style="margin:0 0 16px;">${greeting}</p>
<p style="margin:0 0 24px;">${intro}</p>
${noteBlock}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border:1px solid #e4e7eb;border-radius:6px;">
<tr><td style="padding:20px;${FONT}">
<p style="margin:0 0 4px;font-size:20px;font-weight:bold;line-height:1.3;color:#1f2933;">${title}</p>
${byline ? html`<p style="margin:0 0 12px;font-size:14px;color:${MUTED};">${byline}</p>` : ''}
${description.length > 0 ? html`<p style="margin:0;font-size:15px;color:#323f4b;">${lines(description)}</p>` : ''}
</td></tr>
</table>
${button}
</td></tr>
<tr><td style="padding:20px 24px 28px;border-top:1px solid #e4e7eb;${FONT}font-size:12px;line-height:1.5;color:${MUTED};">
<p style="margin:0 0 8px;">${why}</p>
${postal ? html`<p style="margin:0 0 8px;">${postal}</p>` : ''}
<p style="margin:0;">Stop these e-mails: ${anchor(input.unsubscribeUrl, 'Unsubscribe', `color:${MUTED};text-decoration:underline;`)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return { subject: `${sharer} thinks you'll like "${title}"`, text, html: body.value, fromName: `${sharer} via ${product}` };
}

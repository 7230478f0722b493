/**
 * Header values that users wrote (a sender's name, a contact's name, a title in a subject) must never be able
 * to end their header and start another (`\r\nBcc: …`): both mail adapters pass every such value through
 * `headerSafe` before nodemailer sees it. Control characters become spaces rather than disappearing, so
 * `Bob\r\nBcc:` reads `Bob  Bcc:` and nothing is silently glued together.
 */

// C0 controls except TAB (legal folding whitespace), DEL, C1 controls (U+0085 NEL among them), and the Unicode
// line and paragraph separators, which some clients render as line breaks in a display name.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

export const headerSafe = (value: string): string => value.replace(UNSAFE, ' ');

/** RFC 5322 field names: printable US-ASCII except the colon. */
const FIELD_NAME = /^[\u0021-\u0039\u003b-\u007e]+$/;

/** Headers the adapters set themselves: an extra header may not replace or double them. */
const RESERVED = new Set([
  'from',
  'sender',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'dkim-signature',
  'x-crossfeed-message-id',
]);

/**
 * Extra headers (`List-Unsubscribe`…) made safe: values as `headerSafe`; a name that is not a valid field name
 * or one the adapter owns is a programming error and throws (names come from our code, never from users).
 */
export function safeExtraHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!FIELD_NAME.test(name)) throw new TypeError(`invalid mail header name ${JSON.stringify(name)}`);
    if (RESERVED.has(name.toLowerCase())) throw new TypeError(`mail header ${name} is set by the mailer, not by extra headers`);
    safe[name] = headerSafe(value);
  }
  return safe;
}

/** Reads e-mails from the embedded mailer's outbox (DATA_DIR/mail, one `.eml` per message). */
import { readOutbox, type OutboxMessage } from '@crossfeed/platform/mail/file-mailer.ts';
import { waitFor } from './wait.ts';

/** The first message to `to` whose subject or text matches, once the workers have written it. */
export async function waitForMail(mailDir: string, to: string, matches: RegExp, timeoutMs = 20_000): Promise<OutboxMessage> {
  return waitFor(
    async () => {
      const messages = await readOutbox(mailDir);
      return messages.find((message) => message.to.toLowerCase().includes(to.toLowerCase()) && (matches.test(message.subject) || matches.test(message.text)));
    },
    { timeoutMs, what: `an e-mail to ${to} matching ${matches}` },
  );
}

/** The first http(s) link of a text that matches `pattern`. */
export function findLink(text: string, pattern: RegExp): string {
  const link = (text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).find((candidate) => pattern.test(candidate));
  if (!link) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return link;
}

/**
 * The unsubscribe page (`GET /u/{token}`), for people who never signed up to Crossfeed: no login, no script,
 * two plain forms. Rendered on the server in the product's look; every value is escaped.
 */
import { escapeHtml, plainPage as page } from '../../http/plain-page.ts';

export const UNSUBSCRIBE_TEXTS = {
  stopSharer: (sharer: string) => `Stop e-mails from ${sharer}`,
  stopAll: 'Stop all e-mails from Crossfeed',
  stoppedSharer: (sharer: string) => `You will get no more e-mails from ${sharer} through Crossfeed.`,
  stoppedAll: 'You will get no more e-mails from Crossfeed, from anyone.',
  invalid: 'This unsubscribe link is not valid. Use the link at the bottom of the e-mail you received.',
} as const;

export interface UnsubscribeView {
  /** The path the forms post to (`/u/{token}`). */
  action: string;
  /** The recipient's address as the link names it. */
  address: string;
  sharerName: string;
  /** What is already stopped. */
  stoppedSharer: boolean;
  stoppedAll: boolean;
}

/** The choice: stop this sharer's e-mails, or every Crossfeed e-mail. */
export function unsubscribePage(view: UnsubscribeView): string {
  const action = escapeHtml(view.action);
  if (view.stoppedAll) {
    return page('Unsubscribed', `<h1>You are unsubscribed</h1><p>${escapeHtml(UNSUBSCRIBE_TEXTS.stoppedAll)}</p>`);
  }
  const sharerChoice = view.stoppedSharer
    ? `<p>${escapeHtml(UNSUBSCRIBE_TEXTS.stoppedSharer(view.sharerName))}</p>`
    : `<form method="post" action="${action}"><input type="hidden" name="scope" value="sharer"><button type="submit" class="primary">${escapeHtml(UNSUBSCRIBE_TEXTS.stopSharer(view.sharerName))}</button></form>`;
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1>
    <p>E-mails to <span class="address">${escapeHtml(view.address)}</span> came from ${escapeHtml(view.sharerName)}, who recommended content to you through Crossfeed.</p>
    ${sharerChoice}
    <form method="post" action="${action}"><input type="hidden" name="scope" value="all"><button type="submit">${escapeHtml(UNSUBSCRIBE_TEXTS.stopAll)}</button></form>
    <p class="note">Either choice takes effect at once. You do not need an account.</p>`,
  );
}

/** After a choice was made. */
export function unsubscribedPage(scope: 'sharer' | 'all', sharerName: string): string {
  const text = scope === 'all' ? UNSUBSCRIBE_TEXTS.stoppedAll : UNSUBSCRIBE_TEXTS.stoppedSharer(sharerName);
  return page('Unsubscribed', `<h1>You are unsubscribed</h1><p>${escapeHtml(text)}</p>`);
}

export function invalidUnsubscribePage(): string {
  return page('Link not valid', `<h1>This link does not work</h1><p>${escapeHtml(UNSUBSCRIBE_TEXTS.invalid)}</p>`);
}

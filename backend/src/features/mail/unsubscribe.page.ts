/**
 * The unsubscribe page (`GET /u/{token}`), for people who never signed up to Crossfeed: no login, no script,
 * two plain forms. Rendered on the server in the product's look; every value is escaped.
 */

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const UNSUBSCRIBE_TEXTS = {
  stopSharer: (sharer: string) => `Stop e-mails from ${sharer}`,
  stopAll: 'Stop all e-mails from Crossfeed',
  stoppedSharer: (sharer: string) => `You will get no more e-mails from ${sharer} through Crossfeed.`,
  stoppedAll: 'You will get no more e-mails from Crossfeed, from anyone.',
  invalid: 'This unsubscribe link is not valid. Use the link at the bottom of the e-mail you received.',
} as const;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)} · Crossfeed</title>
  <style>
    body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f4f5f7; color: #1f2937; margin: 0; display: grid; place-items: center; min-height: 100vh; }
    main { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); padding: 2rem; width: min(28rem, 90vw); box-sizing: border-box; }
    .brand { color: #4f46e5; font-weight: 700; letter-spacing: .02em; margin: 0 0 1rem; }
    h1 { font-size: 1.35rem; margin: 0 0 .75rem; }
    p { line-height: 1.5; }
    .address { font-weight: 600; word-break: break-all; }
    form { margin: .75rem 0 0; }
    button { font: inherit; width: 100%; padding: .75rem 1rem; border-radius: 8px; border: 1px solid #4f46e5; background: #fff; color: #4f46e5; cursor: pointer; }
    button.primary { background: #4f46e5; color: #fff; }
    button:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
    .note { color: #6b7280; font-size: .875rem; margin-top: 1.25rem; }
  </style>
</head>
<body>
  <main>
    <p class="brand">Crossfeed</p>
    ${body}
  </main>
</body>
</html>
`;
}

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

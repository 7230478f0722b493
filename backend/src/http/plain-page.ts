/**
 * A page the server renders itself, in the product's look, for people outside the app: the unsubscribe page,
 * a short link that leads nowhere. No script; every value is escaped by the caller with `escapeHtml`.
 */

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The whole document: the brand, then `body` (already escaped HTML) in one card. */
export function plainPage(title: string, body: string): string {
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
    a { color: #4338ca; }
    .address { font-weight: 600; word-break: break-all; }
    form { margin: .75rem 0 0; }
    button { font: inherit; width: 100%; padding: .75rem 1rem; border-radius: 8px; border: 1px solid #4f46e5; background: #fff; color: #4f46e5; cursor: pointer; }
    button.primary { background: #4f46e5; color: #fff; }
    button:focus-visible, a:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
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

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { html, renderShareEmail, type ShareEmailInput } from './share-email.template.ts';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const HEADER = '\r\nBcc: x@evil.test';
const PHISH = 'Bob\n\nYOUR PASSWORD EXPIRED. Reset it now at http://evil.example/reset';

const input: ShareEmailInput = {
  sharerName: 'Ada Lovelace',
  recipientName: 'Bob',
  title: 'Ten tips for better posts',
  description: 'Short, practical advice.\nWith a second line.',
  contentType: 'article',
  creatorName: 'Grace Hopper',
  note: 'I use tip 3 every day.',
  link: 'https://crossfeed.example/links/AbC123?c=contact-1',
  unsubscribeUrl: 'https://crossfeed.example/u/TOKEN123',
  postalAddress: 'Crossfeed Ltd, 1 Example Street, Springfield 12345',
};

const hostile: ShareEmailInput = {
  ...input,
  sharerName: `Eve${HEADER} ${SCRIPT}`,
  recipientName: PHISH,
  title: `${SCRIPT}${HEADER}`,
  description: `${IMG}\n${PHISH}`,
  contentType: `${IMG}`,
  creatorName: `${IMG}${HEADER}`,
  note: `${PHISH}\n${SCRIPT}`,
};

/** The HTML without its escaped text: what a browser would take as markup. */
const markup = (body: string): string => body.replace(/>[^<]*</g, '><');

describe('share e-mail template', () => {
  test('says who shares what with whom, with one tracked link, the reason, the postal address and unsubscribe in both parts', () => {
    const mail = renderShareEmail(input);
    assert.equal(mail.subject, 'Ada Lovelace thinks you\'ll like "Ten tips for better posts"');
    assert.equal(mail.fromName, 'Ada Lovelace via Crossfeed');
    for (const part of [mail.text, mail.html]) {
      assert.match(part, /Hi Bob,/);
      assert.match(part, /Ten tips for better posts/);
      assert.match(part, /Article by Grace Hopper/);
      assert.match(part, /Short, practical advice\./);
      assert.ok(part.includes('You are receiving this because Ada Lovelace shared it with you from Crossfeed, where creators recommend'), part);
      assert.ok(part.includes(input.postalAddress ?? ''), 'postal address');
      assert.ok(part.includes(input.unsubscribeUrl), 'unsubscribe URL');
      assert.match(part, /Unsubscribe|unsubscribe/);
    }
    assert.equal(mail.text.split(input.link).length - 1, 1, 'the tracked link once in the text');
    assert.deepEqual(
      [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]),
      [input.link, input.unsubscribeUrl],
      'the HTML links to the content once, and to unsubscribe',
    );
  });

  test('the note heading and the quoted note appear only when there is a note', () => {
    const withNote = renderShareEmail(input);
    for (const part of [withNote.text, withNote.html]) {
      assert.match(part, /Why I recommend this/);
      assert.match(part, /Ada Lovelace wrote:/);
    }
    assert.match(withNote.text, /^> I use tip 3 every day\.$/m);
    assert.match(withNote.html, /<blockquote[^>]*>I use tip 3 every day\.<\/blockquote>/);

    const withoutNote = renderShareEmail({ ...input, note: null });
    for (const part of [withoutNote.text, withoutNote.html]) {
      assert.doesNotMatch(part, /Why I recommend this|wrote:/);
    }
    assert.doesNotMatch(withoutNote.html, /<blockquote/);
  });

  test('hostile fields come out escaped in the HTML: no markup of theirs, no attribute of theirs', () => {
    const mail = renderShareEmail(hostile);
    const tags = markup(mail.html);
    assert.doesNotMatch(tags, /<script|<img|onerror/i);
    assert.doesNotMatch(mail.html, /<script|<img/i);
    for (const tag of mail.html.match(/<[^>]*>/g) ?? []) assert.doesNotMatch(tag, /onerror|<img|<script/i, tag);
    assert.ok(mail.html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(mail.html.includes('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;'));
    // Every tag is one of ours.
    const names = new Set([...mail.html.matchAll(/<\/?([a-z!]+)/gi)].map((match) => (match[1] ?? '').toLowerCase()));
    assert.deepEqual([...names].sort(), ['!doctype', 'a', 'blockquote', 'body', 'br', 'head', 'html', 'meta', 'p', 'table', 'td', 'title', 'tr']);
  });

  test('hostile multi-line text is quoted line by line in the text part, so none of it passes for our words', () => {
    const mail = renderShareEmail(hostile);
    const rows = mail.text.split('\n');
    const phishing = rows.filter((row) => row.includes('YOUR PASSWORD EXPIRED'));
    assert.ok(phishing.length >= 2);
    for (const row of phishing.filter((r) => !r.startsWith('Hi '))) assert.match(row, /^> /, row);
    // The name is on our greeting line, never on a line of its own.
    assert.ok(rows.includes('Hi Bob YOUR PASSWORD EXPIRED. Reset it now at http://evil.example/reset,'));
    assert.ok(!rows.some((row) => row.startsWith('YOUR PASSWORD')));
    assert.ok(!rows.some((row) => /^Bcc:/i.test(row)));
  });

  test('control characters in user fields become spaces in the subject, the from name and both parts', () => {
    const mail = renderShareEmail({ ...hostile, sharerName: `Eve\u0000\u0007\u001b[31m\u0085\u2028${HEADER}` });
    // eslint-disable-next-line no-control-regex
    const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;
    for (const value of [mail.subject, mail.fromName]) assert.doesNotMatch(value, /[\r\n]/);
    for (const value of [mail.subject, mail.fromName, mail.text, mail.html]) assert.doesNotMatch(value, controls);
    assert.equal(mail.fromName, 'Eve [31m Bcc: x@evil.test via Crossfeed');
    assert.ok(!mail.text.includes('\r'));
  });

  test('links are http(s) only: another scheme shows the label without a link', () => {
    const mail = renderShareEmail({ ...input, link: 'javascript:alert(1)', unsubscribeUrl: 'data:text/html,<b>x</b>' });
    assert.doesNotMatch(mail.html, /href=/);
    assert.doesNotMatch(mail.html, /javascript:|data:text/);
    assert.doesNotMatch(mail.text, /javascript:|data:text/);
    assert.match(mail.html, /Take a look/);
    assert.match(mail.html, /Unsubscribe/);
  });

  test('a link URL is attribute-escaped and cannot close its attribute', () => {
    const mail = renderShareEmail({ ...input, link: 'https://crossfeed.example/links/a?c=1&d="onmouseover=alert(1)' });
    assert.doesNotMatch(mail.html, /"onmouseover/);
    assert.match(mail.html, /href="https:\/\/crossfeed\.example\/links\/a\?c=1&amp;d=%22onmouseover=alert\(1\)"/);
  });

  test('without a postal address the footer has none; a note longer than 280 characters is cut', () => {
    const mail = renderShareEmail({ ...input, postalAddress: null, note: 'x'.repeat(400) });
    assert.ok(!mail.text.includes('Springfield'));
    assert.ok(mail.text.includes(`> ${'x'.repeat(280)}\n`));
    assert.ok(!mail.text.includes('x'.repeat(281)));
  });

  test('the html tag escapes every interpolation and passes its own fragments through', () => {
    const inner = html`<b>${'<i>'}</b>`;
    assert.equal(html`<p title="${'"x\''}">${inner}${['&', html`<br>`]}${null}${false}</p>`.value, '<p title="&quot;x&#39;"><b>&lt;i&gt;</b>&amp;<br></p>');
  });
});

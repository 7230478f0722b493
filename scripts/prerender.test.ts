import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitPrerendered } from './prerender.ts';

test('the leading <title> React writes for a page is split off for the head; the markup keeps the rest', () => {
  assert.deepEqual(splitPrerendered('<title>Waitlist · Crossfeed</title><div class="app-shell">…</div>'), {
    title: 'Waitlist · Crossfeed',
    html: '<div class="app-shell">…</div>',
  });
  assert.deepEqual(splitPrerendered('<div>no title</div>'), { title: null, html: '<div>no title</div>' });
});

test('markup with a script in it is refused: the page would need it allowed by its Content-Security-Policy', () => {
  assert.throws(() => splitPrerendered('<div></div><script>$RC("B:0","S:0")</script>'), /must not contain a <script>/);
});

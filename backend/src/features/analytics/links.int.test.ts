/** GET /links/{code} follows the one visibility rule: content held by moderation is not redirected to. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { submitPromoted } from '../content/content.fixtures.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let app: TestApp;
let admin: Session;
let owner: Session;
before(async () => {
  app = await startTestApp({ PUBLIC_URL: 'https://crossfeed.example' });
  admin = await app.registerAdmin();
  owner = await app.register();
  await app.grantPremium(owner.user.id);
});
after(() => app.close());

async function linkedContent(): Promise<{ id: string; code: string }> {
  const content = await submitPromoted(app, owner, { url: 'https://example.com/moderated' });
  const link = await app.request('POST', '/links/', { token: owner.token, json: { content_id: content.id } });
  assert.equal(link.status, 201, link.text);
  return { id: content.id, code: link.body.short_code };
}

async function setModeration(contentId: string, status: string): Promise<void> {
  const reporter = await app.register();
  const flag = await app.request('POST', '/flags/', { token: reporter.token, json: { content_id: contentId, reason: 'Spam link' } });
  assert.equal(flag.status, 201, flag.text);
  const changed = await app.request('PUT', `/flags/${flag.body.id}/content-status`, { token: admin.token, json: { new_status: status } });
  assert.equal(changed.status, 200, changed.text);
}

const follow = (code: string) => app.request('GET', `/links/${code}`, { headers: { 'user-agent': BROWSER } });

describe('GET /links/{short_code} and moderation', () => {
  for (const status of ['under_review', 'flagged', 'deleted']) {
    test(`content ${status} by an admin: 404 "Link not found." and no redirect, no click recorded`, async () => {
      const { id, code } = await linkedContent();
      assert.equal((await follow(code)).status, 302);
      const clicksBefore = (await app.ctx.eventStore.readStream(contentStream(id))).filter((event) => event.type === 'LinkClicked').length;
      await setModeration(id, status);
      const response = await follow(code);
      assert.equal(response.status, 404, response.text);
      assert.deepEqual(response.body, { detail: 'Link not found.' });
      assert.equal(response.headers.get('location'), null);
      const clicksAfter = (await app.ctx.eventStore.readStream(contentStream(id))).filter((event) => event.type === 'LinkClicked').length;
      assert.equal(clicksAfter, clicksBefore);
    });
  }

  test('approved again: the link redirects again', async () => {
    const { id, code } = await linkedContent();
    await setModeration(id, 'under_review');
    assert.equal((await follow(code)).status, 404);
    await setModeration(id, 'approved');
    const response = await follow(code);
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), 'https://example.com/moderated');
  });
});

describe('GET /links/{short_code} for a reader in a browser', () => {
  const inBrowser = (code: string) =>
    app.request('GET', `/links/${code}`, { headers: { 'user-agent': BROWSER, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });

  test('an unknown or held link answers a page in the product\'s look, not raw JSON; API clients still get { detail }', async () => {
    const unknown = await inBrowser('zzzzzzz');
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(unknown.text, /<h1>This link is not available<\/h1>/);
    assert.match(unknown.text, /<a href="\/">Go to Crossfeed<\/a>/);
    assert.ok(!unknown.text.includes('"detail"'));

    const { id, code } = await linkedContent();
    await setModeration(id, 'deleted');
    const held = await inBrowser(code);
    assert.equal(held.status, 404);
    assert.match(held.text, /This link is not available/);

    const api = await app.request('GET', '/links/zzzzzzz', { headers: { accept: 'application/json' } });
    assert.equal(api.status, 404);
    assert.deepEqual(api.body, { detail: 'Link not found.' });
  });
});

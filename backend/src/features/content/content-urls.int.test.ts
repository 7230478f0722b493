/**
 * Short links redirect only to the public web (issue 12, finding 12): content URLs pointing at loopback,
 * private, link-local or metadata addresses, with credentials or control characters are refused at submit
 * with a detail, and the redirect checks again (content stored before the rule is not followed).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ContentSubmitted } from '@crossfeed/domain/users/user.events.ts';
import { URL_MESSAGES } from '@crossfeed/domain/rules/safe-url.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
let owner: Session;
before(async () => {
  app = await startTestApp();
  owner = await app.register();
  await app.grantPremium(owner.user.id);
});
after(() => app.close());

const submit = (url: string) =>
  app.request('POST', '/content/', {
    token: owner.token,
    json: { title: 'A post', description: 'About it', url, content_type: 'article', categories: ['technology'] },
  });

describe('content URLs', () => {
  test('refuses internal addresses, credentials and control characters at submit, with a detail', async () => {
    const cases: [string, string][] = [
      ['http://127.0.0.1.nip.io.localhost/', URL_MESSAGES.privateAddress],
      ['http://0x7f.0.0.1/admin', URL_MESSAGES.privateAddress],
      ['http://2130706433/', URL_MESSAGES.privateAddress],
      ['http://10.0.0.5/', URL_MESSAGES.privateAddress],
      ['http://192.168.0.1/', URL_MESSAGES.privateAddress],
      ['http://169.254.169.254/latest/meta-data/iam/', URL_MESSAGES.privateAddress],
      ['http://[::1]:3000/', URL_MESSAGES.privateAddress],
      ['http://[fe80::1]/', URL_MESSAGES.privateAddress],
      ['http://metadata.google.internal/computeMetadata/v1/', URL_MESSAGES.privateAddress],
      ['https://user:secret@example.com/', URL_MESSAGES.credentials],
      ['https://example.com\\@evil.example.org/', URL_MESSAGES.credentials],
      ['https://paypal.com@evil.example.org/', URL_MESSAGES.credentials],
      ['https://exa\u0000mple.com/', URL_MESSAGES.controlCharacters],
      ['https://example.com/a\u202egpj.exe', URL_MESSAGES.controlCharacters],
    ];
    for (const [url, detail] of cases) {
      const response = await submit(url);
      assert.equal(response.status, 400, url);
      assert.equal(response.body.detail, detail, url);
    }
    const ok = await submit('https://example.com/a-real-post');
    assert.equal(ok.status, 201, ok.text);
  });

  test('a short link to content stored with an internal URL before the rule is not followed (400 with a detail)', async () => {
    const contentId = app.ctx.newId();
    const legacy: ContentSubmitted = {
      type: 'ContentSubmitted',
      data: {
        contentId,
        userId: owner.user.id,
        username: owner.user.username,
        requiredShares: 5,
        submittedAt: new Date().toISOString(),
        title: 'Old post',
        description: '',
        url: 'http://169.254.169.254/latest/meta-data/',
        contentType: 'article',
        categories: ['technology'],
      },
    };
    const { position } = await app.ctx.eventStore.append(userStream(owner.user.id), [legacy], { expectedRevision: 'any' });
    assert.ok(await app.ctx.readModels.waitFor(position, 5000));
    const link = await app.request('POST', '/links/', { token: owner.token, json: { content_id: contentId } });
    assert.equal(link.status, 201, link.text);
    const followed = await app.request('GET', `/links/${link.body.short_code}`);
    assert.equal(followed.status, 400);
    assert.equal(followed.body.detail, 'This link does not lead to a public website, so it is not followed.');
    assert.equal(followed.headers.get('location'), null);
  });
});

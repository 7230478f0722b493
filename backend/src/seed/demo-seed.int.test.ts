import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { DEMO_ADMIN, seedDemo } from './demo-seed.ts';

describe('demo seed', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  test('seeds demo creators through the API, each login works, and a second run is skipped', async () => {
    const logins = await seedDemo(app.ctx, app.url);
    assert.ok(logins);
    assert.equal(logins.length, 4);
    const sessions = new Map<string, { token: string; user: any }>();
    for (const login of logins) {
      const response = await app.request('POST', '/auth/login', { form: { username: login.username, password: login.password } });
      assert.equal(response.status, 200, `${login.username} can log in`);
      sessions.set(login.username, { token: response.body.access_token, user: response.body.user });
    }
    assert.equal(sessions.get('admin')?.user.is_admin, true);
    assert.equal(sessions.get('ada')?.user.is_admin, false);
    assert.equal(sessions.get('ada')?.user.is_premium, true);
    assert.equal(sessions.get('grace')?.user.has_profile_completed, true);
    // The demo admin is not an admin by configuration once the seed is done.
    assert.ok(!app.ctx.config.ADMIN_EMAILS.includes(DEMO_ADMIN.email));

    const flags = await app.request('GET', '/flags/', { token: sessions.get('admin')!.token });
    assert.equal(flags.status, 200);
    assert.equal(flags.body.length, 1);
    const matches = await app.request('GET', '/content/match', { token: sessions.get('linus')!.token });
    assert.equal(matches.status, 200);
    assert.ok(matches.body.length > 0, 'demo content matches other demo creators');
    const grace = await app.request('GET', '/content/', { token: sessions.get('grace')!.token });
    const graceStatuses = Object.fromEntries(grace.body.map((item: any) => [item.title, [item.owner_status, item.share_count]]));
    // Five people reached by Ada's one share and three by Linus's: past its required shares, out of the pools.
    assert.deepEqual(graceStatuses['Ink to pixels: my workflow'], ['shared', 8]);
    assert.deepEqual(graceStatuses['Golden hour in the city'], ['pending', 0]);
    // Ada completed the match: her queued talk was released and is matched to others.
    const ada = await app.request('GET', '/content/', { token: sessions.get('ada')!.token });
    assert.deepEqual(ada.body.map((item: any) => item.owner_status), ['active', 'active']);
    const talk = ada.body.find((item: any) => item.title === 'Compilers in 20 minutes');
    const graceMatches = await app.request('GET', '/content/match', { token: sessions.get('grace')!.token });
    assert.ok(graceMatches.body.some((item: any) => item.id === talk.id), 'the released talk is in the pools');
    assert.ok(!matches.body.some((item: any) => item.owner_status === 'pending'));
    const count = await app.request('GET', '/api/waitlist/count');
    assert.equal(count.body.count, 3);

    const before = (await app.ctx.eventStore.head()).position;
    assert.equal(await seedDemo(app.ctx, app.url), undefined);
    assert.equal((await app.ctx.eventStore.head()).position, before);
  });
});

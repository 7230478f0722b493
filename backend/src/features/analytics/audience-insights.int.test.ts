import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { AUDIENCE_INSIGHTS_MESSAGES, OVERLAP_PAGE_DEFAULT } from '@crossfeed/domain/rules/audience-insights.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { expiredToken } from '../../testing/test-tokens.ts';
import type { AudienceOverlapDto } from './audience-insights.routes.ts';
import { BAD_PAGE_QUERIES } from '../../testing/paged-list-checks.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

async function premium(): Promise<Session> {
  const session = await app.register();
  await app.grantPremium(session.user.id);
  return session;
}

async function addContacts(session: Session, emails: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const email of emails) {
    const response = await app.request('POST', '/contacts/', { token: session.token, json: { name: 'Friend', email } });
    assert.equal(response.status, 201, response.text);
    ids.push(response.body.id);
  }
  return ids;
}

async function submit(session: Session, categories: string[]): Promise<string> {
  const response = await app.request('POST', '/content/', {
    token: session.token,
    json: { title: 'A post', description: 'About things', url: 'https://example.com/post', content_type: 'article', categories },
  });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

async function share(sharer: Session, contentId: string, contactId: string): Promise<void> {
  const response = await app.request('POST', `/content/${contentId}/share/`, { token: sharer.token, json: { contact_ids: [contactId] } });
  assert.equal(response.status, 200, response.text);
}

/** Polls until `check` passes or the deadline is over (clicks do not wait for the projections). */
async function eventually(check: () => Promise<void>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const emails = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('GET /analytics/audience/overlap', () => {
  test('shows a Premium creator counts and percentages per partner, and nothing of the partner\'s contacts', async () => {
    const [ann, bob, cid, eve] = [await premium(), await app.register(), await app.register(), await app.register()];
    // 5 people both ann and bob know (bob typed them differently), 7 only ann knows, 15 only bob.
    const common = emails('common', 5);
    const annContacts = await addContacts(ann, [...common, ...emails('ann-only', 7)]);
    const bobEmails = [...common.map((email) => `  ${email.toUpperCase()} `), ...emails('bob-only', 15)];
    const bobContacts = await addContacts(bob, bobEmails);
    // cid knows the same 5 people but never exchanged with ann: not a partner.
    await addContacts(cid, [...common, ...emails('cid-only', 10)]);
    // eve shared ann's content but has too few contacts to be compared.
    const eveContacts = await addContacts(eve, emails('eve', 3));

    await share(ann, await submit(bob, ['technology']), annContacts[0]!);
    await share(eve, await submit(ann, ['art']), eveContacts[0]!);

    const response = await app.request('GET', '/analytics/audience/overlap', { token: ann.token });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.headers.get('x-total-count'), '2');
    const byPartner = new Map((response.body as AudienceOverlapDto[]).map((item) => [item.partner_id, item]));
    const sharedAt = (id: string) => byPartner.get(id)?.last_shared_at;
    assert.match(sharedAt(bob.user.id) ?? '', /^\d{4}-\d\d-\d\dT/);
    assert.deepEqual(byPartner.get(bob.user.id), {
      partner_id: bob.user.id,
      partner_username: bob.user.username,
      shares_given: 1,
      shares_received: 0,
      last_shared_at: sharedAt(bob.user.id),
      status: 'shown',
      shared_contacts: 5,
      // 5 of ann's 12, 5 of bob's 20.
      percent_of_my_audience: 42,
      percent_of_their_audience: 25,
    });
    assert.deepEqual(byPartner.get(eve.user.id), {
      partner_id: eve.user.id,
      partner_username: eve.user.username,
      shares_given: 0,
      shares_received: 1,
      last_shared_at: sharedAt(eve.user.id),
      status: 'their_audience_small',
      shared_contacts: null,
      percent_of_my_audience: null,
      percent_of_their_audience: null,
    });
    assert.equal(byPartner.has(cid.user.id), false, 'a creator ann never exchanged with is not listed');

    // No e-mail, contact id or e-mail hash of the partners' contacts in the answer.
    const payload = response.text;
    assert.ok(!payload.includes('@'), payload);
    for (const id of [...bobContacts, ...eveContacts]) assert.ok(!payload.includes(id), `contact id ${id} leaked`);
    for (const email of bobEmails) assert.ok(!payload.includes(sha256(email.trim().toLowerCase())), 'a hash leaked');

    // Bob sees ann from his side, with the percentages the other way round.
    await app.grantPremium(bob.user.id);
    const theirs = await app.request('GET', '/analytics/audience/overlap/', { token: bob.token });
    assert.equal(theirs.status, 200, theirs.text);
    assert.deepEqual(
      (theirs.body as Record<string, unknown>[]).map((item) => [item.partner_id, item.shares_received, item.shared_contacts, item.percent_of_my_audience, item.percent_of_their_audience]),
      [[ann.user.id, 1, 5, 25, 42]],
    );
  });

  test('pages the partners, most recent exchange first, and refuses a bad page with a 400', async () => {
    const ann = await premium();
    const [annContact] = await addContacts(ann, ['reader@example.com']);
    const partners = [await app.register(), await app.register(), await app.register()];
    for (const [i, partner] of partners.entries()) {
      app.setNow(`2026-11-2${i + 1}T10:00:00.000Z`);
      await share(ann, await submit(partner, ['science']), annContact!);
    }
    app.setNow(undefined);
    const newestFirst = partners.map((partner) => partner.user.id).reverse();
    const ids = (body: unknown) => (body as { partner_id: string }[]).map((item) => item.partner_id);

    const all = await app.request('GET', '/analytics/audience/overlap', { token: ann.token });
    assert.deepEqual(ids(all.body), newestFirst);
    assert.ok((all.body as { status: string }[]).every((item) => item.status === 'your_audience_small'));
    const first = await app.request('GET', '/analytics/audience/overlap?limit=2', { token: ann.token });
    const rest = await app.request('GET', '/analytics/audience/overlap?limit=2&offset=2', { token: ann.token });
    assert.equal(first.headers.get('x-total-count'), '3');
    assert.equal(rest.headers.get('x-total-count'), '3');
    assert.deepEqual([...ids(first.body), ...ids(rest.body)], newestFirst);
    assert.ok(OVERLAP_PAGE_DEFAULT >= 3);

    for (const query of BAD_PAGE_QUERIES) {
      const response = await app.request('GET', `/analytics/audience/overlap?${query}`, { token: ann.token });
      assert.equal(response.status, 400, query);
      assert.equal(typeof response.body.detail, 'string');
    }
  });

  test('is Premium only: a Free creator gets a 403 saying so', async () => {
    const free = await app.register();
    for (const path of ['/analytics/audience/overlap', '/analytics/audience/categories']) {
      const response = await app.request('GET', path, { token: free.token });
      assert.equal(response.status, 403, path);
      assert.deepEqual(response.body, { detail: AUDIENCE_INSIGHTS_MESSAGES.premiumOnly });
    }
  });

  test('needs a valid token', async () => {
    const session = await premium();
    for (const path of ['/analytics/audience/overlap', '/analytics/audience/categories']) {
      assert.equal((await app.request('GET', path)).status, 401);
      assert.equal((await app.request('GET', path, { token: 'not-a-token' })).status, 401);
      const expired = await app.request('GET', path, { token: await expiredToken(session.user.id) });
      assert.equal(expired.status, 401);
      assert.equal(typeof expired.body.detail, 'string');
    }
  });
});

describe('GET /analytics/audience/categories', () => {
  test("counts people's clicks through the creator's contacts by category of the content clicked", async () => {
    const ann = await premium();
    const [reader] = await addContacts(ann, ['reader@example.com']);
    const tech = await submit(ann, ['technology', 'science']);
    const link = await app.request('POST', '/links/', { token: ann.token, json: { content_id: tech } });
    assert.equal(link.status, 201, link.text);
    const code = link.body.short_code as string;
    for (let i = 0; i < 3; i++) await app.request('GET', `/links/${code}?c=${reader}`, { headers: { 'user-agent': BROWSER } });
    // A bot and a visitor who is no contact say nothing of ann's audience.
    await app.request('GET', `/links/${code}?c=${reader}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    await app.request('GET', `/links/${code}`, { headers: { 'user-agent': BROWSER } });

    await eventually(async () => {
      const response = await app.request('GET', '/analytics/audience/categories', { token: ann.token });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, {
        total_clicks: 3,
        categories: [
          { category: 'science', clicks: 3, percent: 100 },
          { category: 'technology', clicks: 3, percent: 100 },
        ],
      });
    });
  });

  test('is empty for a creator whose contacts clicked nothing', async () => {
    const ann = await premium();
    const response = await app.request('GET', '/analytics/audience/categories/', { token: ann.token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { total_clicks: 0, categories: [] });
  });
});

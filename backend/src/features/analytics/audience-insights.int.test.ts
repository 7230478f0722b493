import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { AUDIENCE_INSIGHTS_MESSAGES, OVERLAP_PAGE_DEFAULT } from '@crossfeed/domain/rules/audience-insights.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { expiredToken } from '../../testing/test-tokens.ts';
import type { AudienceOverlapDto } from './audience-insights.routes.ts';
import { BAD_PAGE_QUERIES } from '../../testing/paged-list-checks.ts';
import { eventually } from '../../testing/eventually.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());
afterEach(() => app.setNow(undefined));

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

const emails = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Days of the clock (UTC): overlaps are computed from the lists as they stood at 00:00 of the day asked about. */
const DAY1 = '2026-11-10T09:00:00.000Z';
const DAY2 = '2026-11-11T09:00:00.000Z';
const DAY2_LATER = '2026-11-11T21:30:00.000Z';
const DAY3 = '2026-11-12T09:00:00.000Z';

async function overlapOf(session: Session): Promise<{ text: string; total: string | null; items: AudienceOverlapDto[] }> {
  const response = await app.request('GET', '/analytics/audience/overlap', { token: session.token });
  assert.equal(response.status, 200, response.text);
  return { text: response.text, total: response.headers.get('x-total-count'), items: response.body as AudienceOverlapDto[] };
}

async function removeContact(session: Session, contactId: string): Promise<void> {
  const response = await app.request('DELETE', `/contacts/${contactId}`, { token: session.token });
  assert.equal(response.status, 200, response.text);
}

describe('GET /analytics/audience/overlap', () => {
  test("shows a Premium creator, per partner, counts and percentages of today's snapshot, and nothing of the partner's contacts", async () => {
    app.setNow(DAY1);
    const [ann, bob, cid, eve, dan] = [await premium(), await app.register(), await app.register(), await app.register(), await app.register()];
    // 5 people both ann and bob know (bob typed them differently), 7 only ann knows, 15 only bob.
    const common = emails('common', 5);
    const annContacts = await addContacts(ann, [...common, ...emails('ann-only', 7)]);
    const bobEmails = [...common.map((email) => `  ${email.toUpperCase()} `), ...emails('bob-only', 15)];
    const bobContacts = await addContacts(bob, bobEmails);
    // cid knows the same 5 people but never exchanged with ann: not a partner.
    await addContacts(cid, [...common, ...emails('cid-only', 10)]);
    // eve exchanged with ann but has too few contacts to be compared.
    const eveContacts = await addContacts(eve, emails('eve', 3));
    // dan shared ann's content, but ann never shared his: no partner either.
    const danContacts = await addContacts(dan, [...common, ...emails('dan-only', 10)]);

    const annItem = await submit(ann, ['art']);
    await share(ann, await submit(bob, ['technology']), annContacts[0]!);
    await share(bob, annItem, bobContacts[0]!);
    await share(eve, annItem, eveContacts[0]!);
    await share(ann, await submit(eve, ['science']), annContacts[1]!);
    await share(dan, annItem, danContacts[0]!);

    // The same day, the lists are those of 00:00: none of these contacts is on them yet.
    const sameDay = await overlapOf(ann);
    assert.equal(sameDay.total, '2');
    assert.deepEqual(
      sameDay.items.map((item) => [item.status, item.shared_contacts, item.lists_as_of]),
      [
        ['your_audience_small', null, '2026-11-10T00:00:00.000Z'],
        ['your_audience_small', null, '2026-11-10T00:00:00.000Z'],
      ],
    );

    app.setNow(DAY2);
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
      shares_received: 1,
      last_shared_at: sharedAt(bob.user.id),
      lists_as_of: '2026-11-11T00:00:00.000Z',
      status: 'shown',
      shared_contacts: 5,
      // 5 of ann's 12, 5 of bob's 20.
      percent_of_my_audience: 42,
      percent_of_their_audience: 25,
    });
    assert.deepEqual(byPartner.get(eve.user.id), {
      partner_id: eve.user.id,
      partner_username: eve.user.username,
      shares_given: 1,
      shares_received: 1,
      last_shared_at: sharedAt(eve.user.id),
      lists_as_of: '2026-11-11T00:00:00.000Z',
      status: 'their_audience_small',
      shared_contacts: null,
      percent_of_my_audience: null,
      percent_of_their_audience: null,
    });
    assert.equal(byPartner.has(cid.user.id), false, 'a creator ann never exchanged with is not listed');
    assert.equal(byPartner.has(dan.user.id), false, 'a creator who only shared ann\'s content is not listed');

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

  test("changes with the lists only from the next day's snapshot: additions and removals of the day count tomorrow", async () => {
    app.setNow(DAY1);
    const [ann, bob] = [await premium(), await app.register()];
    const common = emails('day-common', 5);
    const annContacts = await addContacts(ann, [...common, ...emails('day-ann', 7)]);
    const bobContacts = await addContacts(bob, [...common, ...emails('day-bob', 15)]);
    await share(ann, await submit(bob, ['technology']), annContacts[5]!);
    await share(bob, await submit(ann, ['art']), bobContacts[5]!);

    app.setNow(DAY2);
    const morning = await overlapOf(ann);
    assert.deepEqual(morning.items.map((item) => [item.status, item.shared_contacts]), [['shown', 5]]);
    // During the day bob drops two of the common readers and ann adds one more of bob's: nothing moves today.
    await removeContact(bob, bobContacts[0]!);
    await removeContact(bob, bobContacts[1]!);
    await addContacts(ann, ['day-bob0@example.com']);
    app.setNow(DAY2_LATER);
    assert.equal((await overlapOf(ann)).text, morning.text);

    // The next day's snapshot holds the changes: 5 - 2 + 1 in common.
    app.setNow(DAY3);
    const next = await overlapOf(ann);
    assert.deepEqual(next.items.map((item) => [item.status, item.shared_contacts, item.lists_as_of]), [['shown', 4, '2026-11-12T00:00:00.000Z']]);
  });

  test('pages the partners, most recent exchange first, and refuses a bad page with a 400', async () => {
    const ann = await premium();
    const [annContact] = await addContacts(ann, ['reader@example.com']);
    const annItem = await submit(ann, ['art']);
    const partners = [await app.register(), await app.register(), await app.register()];
    for (const [i, partner] of partners.entries()) {
      app.setNow(`2026-11-2${i + 1}T10:00:00.000Z`);
      const [partnerContact] = await addContacts(partner, [`reader${i}@example.com`]);
      await share(partner, annItem, partnerContact!);
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

/**
 * Issue 23, finding 2: the overlap screen was a membership oracle. A Premium spy with 9 junk contacts shared a
 * victim's item once (which made them "partners" with no act of the victim), added one candidate address and
 * read the overlap: "few" when the address was on the victim's list, "shown, 0" when not. Replayed here.
 */
describe('GET /analytics/audience/overlap tells no one whether an address is on a partner\'s list (issue 23)', () => {
  const TARGET = 'target@victim.example.com';
  /** What the spy tries, in the finding's spirit: the address as typed by the victim, in other cases and spaces, and others not on the list. */
  const CANDIDATES = [' Target@Victim.EXAMPLE.com ', 'TARGET@victim.example.com', 'target@victim.example.com  ', 'absent1@victim.example.com', 'Absent2@Victim.example.com'];

  /** A victim with 12 readers (the target among them) and an item; all on DAY1. */
  async function victim(): Promise<{ session: Session; contacts: string[]; item: string }> {
    const session = await app.register();
    const contacts = await addContacts(session, [TARGET, ...emails('victim-reader', 11)]);
    return { session, contacts, item: await submit(session, ['art']) };
  }

  /** A Premium spy with 9 junk contacts (none on the victim's list). */
  async function spy(prefix: string): Promise<{ session: Session; junk: string[] }> {
    const session = await premium();
    return { session, junk: await addContacts(session, emails(`${prefix}-junk`, 9)) };
  }

  /** One probe: the spy adds a candidate, reads the overlap, and removes the candidate again. */
  async function probe(spySession: Session, candidate: string): Promise<{ text: string; total: string | null }> {
    const [contactId] = await addContacts(spySession, [candidate]);
    const { text, total } = await overlapOf(spySession);
    await removeContact(spySession, contactId!);
    return { text, total };
  }

  test("a spy who shared the victim's item is no partner of theirs: without the victim's own act there is no answer at all", async () => {
    app.setNow(DAY1);
    const target = await victim();
    const probing = await spy('lone');
    // The one act the finding needed: the spy shares the victim's item once (delivered to a junk contact).
    await share(probing.session, target.item, probing.junk[0]!);

    for (const now of [DAY1, DAY2, DAY3]) {
      app.setNow(now);
      for (const candidate of CANDIDATES) assert.deepEqual(await probe(probing.session, candidate), { text: '[]', total: '0' }, `${now} ${candidate}`);
    }
    // Even a candidate kept overnight (in the next snapshot) finds no partner to compare with.
    app.setNow(DAY2);
    await addContacts(probing.session, [CANDIDATES[0]!]);
    app.setNow(DAY3);
    assert.deepEqual(await overlapOf(probing.session), { text: '[]', total: '0', items: [] });
  });

  test('with a mutual partnership, candidates added the same day change nothing, and none or one shared look the same', async () => {
    app.setNow(DAY1);
    const target = await victim();
    // Two spies the victim did exchange with: one will keep the target address, the other an address not on the list.
    const [holder, blank] = [await spy('holder'), await spy('blank')];
    for (const [i, probing] of [holder, blank].entries()) {
      await share(probing.session, target.item, probing.junk[0]!);
      await share(target.session, await submit(probing.session, ['science']), target.contacts[1 + i]!);
    }

    // DAY2: five probes each, add / read / remove: every answer is the same, the same for both spies (their
    // snapshot of 00:00 holds their 9 junk contacts only, which is too few to compare).
    app.setNow(DAY2);
    const answers = [];
    for (const probing of [holder, blank]) for (const candidate of CANDIDATES) answers.push(await probe(probing.session, candidate));
    const [baseline] = answers;
    assert.equal(baseline!.total, '1');
    assert.deepEqual(
      (JSON.parse(baseline!.text) as AudienceOverlapDto[]).map((item) => [item.partner_id, item.status, item.shared_contacts]),
      [[target.session.user.id, 'your_audience_small', null]],
    );
    for (const answer of answers) assert.deepEqual(answer, baseline);

    // Each spy keeps one candidate, so that its list reaches 10 contacts: the target, or an address not on the list.
    await addContacts(holder.session, [CANDIDATES[0]!]);
    await addContacts(blank.session, [CANDIDATES[3]!]);
    app.setNow(DAY2_LATER);
    assert.equal((await overlapOf(holder.session)).text, baseline!.text, 'an address added today changes nothing today');
    assert.equal((await overlapOf(blank.session)).text, baseline!.text);

    // DAY3: both lists are compared, 1 shared contact for one spy and 0 for the other: the same answer, byte for byte.
    app.setNow(DAY3);
    const [one, none] = [await overlapOf(holder.session), await overlapOf(blank.session)];
    assert.deepEqual(
      one.items.map(({ status, shared_contacts, percent_of_my_audience, percent_of_their_audience }) => [status, shared_contacts, percent_of_my_audience, percent_of_their_audience]),
      [['few', null, null, null]],
    );
    assert.equal(one.text, none.text);
    assert.equal(one.total, none.total);
    // And probing again on DAY3 (with the addresses not already on its list) moves nothing before DAY4.
    for (const candidate of CANDIDATES.filter((email) => email !== CANDIDATES[3])) {
      assert.equal((await probe(blank.session, candidate)).text, none.text, candidate);
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

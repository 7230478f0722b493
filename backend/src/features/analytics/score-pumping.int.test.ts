/**
 * The red team's pumps on scores and rankings (docs/security.md, "Scores nobody can pump"), each replayed over
 * HTTP: clicks from rotated addresses and user agents, top performers, self-reported conversions, a forged
 * tracked conversion, fake contacts, and forged clicks meant to sink a rival. Each fails on the code before
 * visitors were counted and conversions verified.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UNIQUE_VISITORS_PER_CONTENT_PER_DAY, VISITORS_PER_ADDRESS_PER_DAY } from '@crossfeed/domain/content/content-links.decider.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { createProfile, submitPromoted } from '../content/content.fixtures.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PUBLIC_URL = 'https://crossfeed.example';

let app: TestApp;
before(async () => {
  // The red team's addresses arrive as X-Forwarded-For through a trusted loopback proxy.
  app = await startTestApp({ PUBLIC_URL, TRUST_PROXY: 'loopback' }, { workers: true });
});
after(() => app.close());

let run = 0;
const uniqueEmail = (name: string) => `${name}.${process.pid}.${++run}@example.com`;

async function premiumCreator(): Promise<Session> {
  const session = await app.register();
  await app.grantPremium(session.user.id);
  return session;
}

/** Enhances the content (its link then carries the click token); answers the link's code. */
async function enhancedLinkOf(owner: Session, contentId: string): Promise<string> {
  const enhanced = await app.request('POST', `/content/${contentId}/enhance`, { token: owner.token, json: {} });
  assert.equal(enhanced.status, 200, enhanced.text);
  const code = (enhanced.body.links as { short_code: string }[])[0]?.short_code;
  assert.ok(code);
  return code;
}

async function linkOf(owner: Session, contentId: string): Promise<string> {
  const link = await app.request('POST', '/links/', { token: owner.token, json: { content_id: contentId } });
  assert.equal(link.status, 201, link.text);
  return link.body.short_code;
}

const click = (path: string, address: string, userAgent = CHROME) =>
  app.request('GET', path, { headers: { 'user-agent': userAgent, 'x-forwarded-for': address } });

const contentDoc = async (contentId: string) => {
  const doc = await app.ctx.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: contentId });
  assert.ok(doc);
  return doc;
};

async function analyticsOf(owner: Session, contentId: string): Promise<{ short_link_clicks: number; unique_clicks: number; conversions: number }> {
  const response = await app.request('POST', '/analytics/', { token: owner.token, json: { content_ids: [contentId] } });
  assert.equal(response.status, 200, response.text);
  return response.body[contentId];
}

async function scoreOf(userId: string, viewer: Session): Promise<number> {
  await app.settleJobs();
  const card = await app.request('GET', `/analytics/user/${userId}`, { token: viewer.token });
  assert.equal(card.status, 200, card.text);
  return card.body.audience_score;
}

/** A sharer e-mails the content to a new contact of theirs; answers the tracked link of that e-mail. */
async function deliveredShare(contentId: string): Promise<{ sharer: Session; link: string }> {
  const sharer = await app.register();
  const email = uniqueEmail('reader');
  const contact = await app.request('POST', '/contacts/', { token: sharer.token, json: { name: 'Reader', email } });
  assert.equal(contact.status, 201, contact.text);
  const shared = await app.request('POST', `/content/${contentId}/share/`, { token: sharer.token, json: { contact_ids: [contact.body.id] } });
  assert.equal(shared.status, 200, shared.text);
  await app.settleJobs();
  const mail = (await app.outbox()).find((m) => m.to.includes(email));
  assert.ok(mail, `no share e-mail to ${email}`);
  const link = mail.text.split('\n').find((line) => line.startsWith(`${PUBLIC_URL}/links/`));
  assert.ok(link);
  return { sharer, link: link.slice(PUBLIC_URL.length) };
}

describe('clicks are counted by visitor, within bounds', () => {
  test('10 addresses × 30 clicks with one Chrome user agent: 300 recorded, 10 counted', async () => {
    const owner = await premiumCreator();
    const content = await submitPromoted(app, owner);
    const code = await linkOf(owner, content.id);
    for (let address = 1; address <= 10; address++) {
      for (let i = 0; i < 30; i++) assert.equal((await click(`/links/${code}`, `127.0.0.${address + 1}`)).status, 302);
    }
    const analytics = await analyticsOf(owner, content.id);
    assert.equal(analytics.short_link_clicks, 300);
    assert.equal(analytics.unique_clicks, 10);
  });

  test(`user agents rotated from one address count ${VISITORS_PER_ADDRESS_PER_DAY}; the content counts at most ${UNIQUE_VISITORS_PER_CONTENT_PER_DAY} anonymous visitors a day`, async () => {
    const owner = await premiumCreator();
    const content = await submitPromoted(app, owner);
    const code = await linkOf(owner, content.id);
    for (let i = 0; i < 20; i++) await click(`/links/${code}`, '127.0.1.1', `${CHROME} build/${i}`);
    assert.equal((await analyticsOf(owner, content.id)).unique_clicks, VISITORS_PER_ADDRESS_PER_DAY);
    for (let i = 0; i < UNIQUE_VISITORS_PER_CONTENT_PER_DAY + 20; i++) await click(`/links/${code}`, `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    assert.equal((await analyticsOf(owner, content.id)).unique_clicks, UNIQUE_VISITORS_PER_CONTENT_PER_DAY);
  });
});

describe('rankings weigh verified engagement only', () => {
  test('top performers: a link pumped by 10 addresses does not outrank a creator whose content reached a person', async () => {
    const requester = await premiumCreator();
    await createProfile(app, requester, ['Travel'], ['Hiking']);
    const honest = await premiumCreator();
    const pumper = await premiumCreator();
    const honestContent = await submitPromoted(app, honest, { title: 'Trails', categories: ['travel'] });
    const pumpedContent = await submitPromoted(app, pumper, { title: 'Peaks', categories: ['travel'] });
    await deliveredShare(honestContent.id);
    const code = await linkOf(pumper, pumpedContent.id);
    for (let address = 1; address <= 10; address++) {
      for (let i = 0; i < 30; i++) await click(`/links/${code}`, `127.0.2.${address}`);
    }
    await app.settleJobs();
    const matched = await app.request('GET', '/content/match?ranked_content=true&top_performers=true', { token: requester.token });
    assert.equal(matched.status, 200, matched.text);
    const order = (matched.body as { id: string }[]).map((item) => item.id);
    assert.ok(order.includes(honestContent.id) && order.includes(pumpedContent.id), JSON.stringify(order));
    assert.ok(order.indexOf(honestContent.id) < order.indexOf(pumpedContent.id), `the pumped item ranks first: ${JSON.stringify(order)}`);
  });
});

describe('conversions feed scores only when verified', () => {
  test('100 conversions the owner reports are theirs to see; the public score does not move', async () => {
    const owner = await premiumCreator();
    const viewer = await app.register();
    const content = await submitPromoted(app, owner);
    const { link } = await deliveredShare(content.id);
    // A real reader clicks, so a conversion rate over clicks would have room to rise.
    assert.equal((await app.request('GET', link, { headers: { 'user-agent': CHROME } })).status, 302);
    const before = await scoreOf(owner.user.id, viewer);
    for (let i = 0; i < 100; i++) {
      const recorded = await app.request('POST', '/conversions/', { token: owner.token, json: { content_id: content.id, kind: 'signup' } });
      assert.equal(recorded.status, 201, recorded.text);
    }
    assert.equal((await analyticsOf(owner, content.id)).conversions, 100);
    assert.equal(await scoreOf(owner.user.id, viewer), before);
  });

  test('a tracked conversion is verified by the click token of a counted visit, once per visit', async () => {
    const owner = await premiumCreator();
    const content = await submitPromoted(app, owner, { url: 'https://example.com/landing' });
    const code = await enhancedLinkOf(owner, content.id);
    const snippet = await app.request('GET', `/content/${content.id}/conversion-snippet`, { token: owner.token });
    const track = (body: Record<string, unknown>) =>
      app.request('POST', '/track/conversion', { body: JSON.stringify({ token: snippet.body.token, ...body }), headers: { 'content-type': 'text/plain' } });

    // The public token alone (it sits in the creator's page source): recorded, not verified.
    assert.equal((await track({})).status, 201);
    assert.equal((await contentDoc(content.id)).verified_conversions, 0);

    const redirect = await click(`/links/${code}`, '127.0.3.1');
    const clickToken = new URL(redirect.headers.get('location') ?? '').searchParams.get('cf_click');
    assert.ok(clickToken, 'the enhanced link carries the click token');
    assert.equal((await track({ click: clickToken })).status, 201);
    assert.equal((await track({ click: clickToken })).status, 201);
    const doc = await contentDoc(content.id);
    assert.equal(doc.conversions_count, 3);
    assert.equal(doc.verified_conversions, 1, 'one verified conversion per visit');

    // A forged token, or another content's, names no visit.
    const [visit] = clickToken.split('.');
    assert.equal((await track({ click: `${visit}.${'A'.repeat(22)}` })).status, 201);
    const other = await submitPromoted(app, owner, { url: 'https://example.com/other' });
    const otherRedirect = await click(`/links/${await enhancedLinkOf(owner, other.id)}`, '127.0.3.2');
    const foreign = new URL(otherRedirect.headers.get('location') ?? '').searchParams.get('cf_click');
    assert.equal((await track({ click: foreign })).status, 201);
    assert.equal((await contentDoc(content.id)).verified_conversions, 1);
  });

  test('fake contacts: clicks the owner makes on their own contacts\' links and conversions they report score nothing', async () => {
    const owner = await premiumCreator();
    const content = await submitPromoted(app, owner);
    const code = await linkOf(owner, content.id);
    const fakes: string[] = [];
    for (const name of ['fake1', 'fake2']) {
      const added = await app.request('POST', '/contacts/', { token: owner.token, json: { name, email: uniqueEmail(name) } });
      assert.equal(added.status, 201, added.text);
      fakes.push(added.body.id);
    }
    for (const contactId of fakes) {
      for (let i = 0; i < 3; i++) await click(`/links/${code}?c=${contactId}`, '127.0.4.1');
      for (let i = 0; i < 2; i++) {
        const recorded = await app.request('POST', '/conversions/', { token: owner.token, json: { content_id: content.id, contact_id: contactId } });
        assert.equal(recorded.status, 201, recorded.text);
      }
    }
    const contacts = (await app.request('GET', '/contacts/', { token: owner.token })).body as { id: string; audience_score: number }[];
    assert.deepEqual(contacts.filter((contact) => fakes.includes(contact.id)).map((contact) => contact.audience_score), [0, 0]);
  });
});

describe('forged clicks cannot sink a rival', () => {
  test('180 clicks forged on a rival\'s link leave their score where it was, or higher', async () => {
    const rival = await premiumCreator();
    const viewer = await app.register();
    const content = await submitPromoted(app, rival, { url: 'https://example.com/rival' });
    const code = await enhancedLinkOf(rival, content.id);
    const { link } = await deliveredShare(content.id);
    // A real reader clicks the e-mailed link and converts on the rival's site.
    const redirect = await app.request('GET', link, { headers: { 'user-agent': CHROME } });
    const clickToken = new URL(redirect.headers.get('location') ?? '').searchParams.get('cf_click');
    const snippet = await app.request('GET', `/content/${content.id}/conversion-snippet`, { token: rival.token });
    const converted = await app.request('POST', '/track/conversion', { json: { token: snippet.body.token, click: clickToken } });
    assert.equal(converted.status, 201, converted.text);
    const before = await scoreOf(rival.user.id, viewer);
    assert.ok(before > 0);

    for (let address = 1; address <= 6; address++) {
      for (let i = 0; i < 30; i++) await click(`/links/${code}`, `127.0.5.${address}`);
    }
    assert.ok((await scoreOf(rival.user.id, viewer)) >= before);
  });
});

/**
 * Journey 22, the open platform (issue 26): a Premium creator makes a personal API token in Profile → API
 * tokens and lists her contents with it through `fetch`; she registers a webhook to a receiver on this
 * machine, completes a match, and finds `match.completed` and `content.released` in the endpoint's delivery
 * log. The receiver checks each delivery's `Crossfeed-Signature` with the documented recipe.
 *
 * Accounts, contacts, content and the five shares that complete the match are set up over HTTP; the journey
 * is about the two windows and what reaches the outside.
 */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { unique, type Api } from '../support/api.ts';
import { AccessibilityAudit } from '../support/axe.ts';
import { loginViaUi, visible, type Journey } from '../support/browser.ts';
import { waitFor } from '../support/wait.ts';

const CONTACTS = ['Hana Reader', 'Ivo Reader', 'Jade Reader', 'Kai Reader', 'Lea Reader'];

interface Delivery {
  type: string;
  id: string;
  data: Record<string, unknown>;
  signature: string;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that keeps what it is sent and answers 200. */
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; close: () => Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const envelope = JSON.parse(body) as { id: string; type: string; data: Record<string, unknown> };
        deliveries.push({ ...envelope, signature: String(req.headers['crossfeed-signature'] ?? ''), body });
      } catch {
        // Not JSON: kept out of the list, so the checks below fail on what is missing.
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/crossfeed-hooks`,
    deliveries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The documented recipe: HMAC-SHA256 over "<t>.<raw body>" with the endpoint's secret, hex, compared in constant time. */
function signatureVerifies(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}

const sidebarEntry = (page: Page, name: string) => page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name, exact: true });

/** Profile → Profile Information → one of its footer's windows. */
async function openFromProfile(page: Page, button: string, dialogName: string): Promise<Locator> {
  await sidebarEntry(page, 'Profile').click();
  const profile = await visible(page.getByRole('dialog', { name: 'Profile Information' }));
  await profile.getByRole('button', { name: button, exact: true }).click();
  return visible(page.getByRole('dialog', { name: dialogName }));
}

export async function openPlatformJourney(journey: Journey, api: Api): Promise<void> {
  const profile = (name: string) => ({ name, bio: 'Writes about rivers.', categories: ['science'], interests: ['Climate'], content_type: 'article' });
  const ana = await api.signUp('e2e-hooks-ana', profile('Ana Hooks'));
  const ben = await api.signUp('e2e-hooks-ben', profile('Ben Hooks'));
  await api.upgradeToPremium(ana);
  const contacts: string[] = [];
  for (const name of CONTACTS) contacts.push(await api.addContact(ana, name, `${unique(name.split(' ')[0]!.toLowerCase())}@e2e.example.com`));
  const content = (title: string) => ({ title, description: 'River notes.', url: `https://example.com/e2e/${encodeURIComponent(title)}`, content_type: 'article', categories: ['science'] });
  const benTitle = `Ben's delta notes ${unique('j22')}`;
  const anaFirst = `Ana's first river post ${unique('j22')}`;
  const anaQueued = `Ana's queued river post ${unique('j22')}`;
  const benItem = await api.submitContent(ben, content(benTitle));
  await api.submitContent(ana, content(anaFirst));
  const queuedItem = await api.submitContent(ana, content(anaQueued));

  const receiver = await startReceiver();
  const audit = new AccessibilityAudit();
  try {
    // axe is injected into this page (bypassCSP); the API reference below is opened under the real CSP.
    const page = await journey.newPage({ tourDoneFor: [ana.user.id], bypassCSP: true });
    await loginViaUi(page, ana.username, ana.password);

    // A token with the content:read scope, shown once, lists her contents through fetch.
    const tokens = await openFromProfile(page, 'API tokens', 'API tokens');
    await tokens.getByLabel('Token name').fill('Spreadsheet sync');
    await tokens.getByRole('checkbox', { name: /^content:read/ }).check();
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secretField = await visible(tokens.getByLabel('Your new token'));
    const token = await secretField.inputValue();
    assert.match(token, /^cf_[A-Za-z0-9_-]{20,}$/, 'the token is shown once, cf_…');
    await visible(tokens.getByText('Spreadsheet sync'));
    await journey.screenshot(page, '-token');
    await audit.scan(page, 'Profile › API tokens with a new token');

    const listed = await fetch(`${api.baseUrl}/content/`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(listed.status, 200, 'the token lists the contents');
    const titles = ((await listed.json()) as { title: string }[]).map((item) => item.title);
    assert.ok(titles.includes(anaFirst) && titles.includes(anaQueued), `her two items are listed (got ${titles.join(', ')})`);
    // The same token reaches no account setting.
    const me = await fetch(`${api.baseUrl}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.status, 403, 'a token does not reach account settings');
    await page.keyboard.press('Escape');
    await tokens.waitFor({ state: 'detached' });

    // A webhook to the local receiver, for the two events this journey is about.
    const hooks = await openFromProfile(page, 'Webhooks', 'Webhooks');
    await hooks.getByLabel('Endpoint URL').fill(receiver.url);
    await hooks.getByRole('checkbox', { name: 'match.completed', exact: true }).check();
    await hooks.getByRole('checkbox', { name: 'content.released', exact: true }).check();
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await (await visible(hooks.getByLabel('Signing secret'))).inputValue();
    assert.ok(secret.length >= 20, 'the signing secret is shown once');
    await visible(hooks.getByText(receiver.url));

    // Five delivered shares of Ben's item complete Ana's match and release her queued item.
    for (const contact of contacts) {
      await api.call('POST', `/content/${benItem}/share/`, { token: ana.token, json: { contact_ids: [contact] } });
    }
    const received = await waitFor(
      () => {
        const types = new Set(receiver.deliveries.map((delivery) => delivery.type));
        return types.has('match.completed') && types.has('content.released') ? receiver.deliveries : undefined;
      },
      { timeoutMs: 30_000, what: 'match.completed and content.released at the receiver' },
    );
    for (const delivery of received) {
      assert.ok(signatureVerifies(secret, delivery.signature, delivery.body), `${delivery.type}'s Crossfeed-Signature verifies`);
    }
    const released = received.find((delivery) => delivery.type === 'content.released')!;
    assert.equal(released.data.content_id, queuedItem, 'content.released names the item the match released');

    // The delivery log shows both, delivered.
    await hooks.getByRole('button', { name: 'Delivery log' }).first().click();
    const log = hooks.getByRole('table');
    await waitFor(
      async () => {
        const text = (await log.textContent({ timeout: 1_000 }).catch(() => '')) ?? '';
        if (text.includes('match.completed') && text.includes('content.released')) return true;
        await hooks.getByRole('button', { name: 'Refresh' }).click().catch(() => undefined);
        return false;
      },
      { timeoutMs: 20_000, intervalMs: 1_000, what: 'the delivery log to list match.completed and content.released' },
    );
    const row = (type: string) => log.getByRole('row').filter({ hasText: type }).first();
    await visible(row('match.completed').getByText('200'));
    await visible(row('content.released').getByText('200'));
    await journey.screenshot(page, '-delivery-log');
    await audit.scan(page, 'Profile › Webhooks with its delivery log');
    audit.assertNoSeriousViolations();

    // The API reference renders the document from this server (no CDN) under the app's CSP.
    const docs = await journey.newPage();
    await docs.goto('/docs/api');
    await visible(docs.getByRole('heading', { name: /Crossfeed API/ }), 20_000);
    await visible(docs.getByText('/content/{id}/share/', { exact: true }).first());
    await journey.screenshot(docs, '-api-reference');
  } finally {
    await receiver.close();
  }
}

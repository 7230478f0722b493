import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { PUBLIC_NAMESPACE, type ServerToClientEvents } from '@crossfeed/domain/api/realtime-events.ts';
import { addContacts, expiredToken, submitContent } from '../features/content/content.fixtures.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';

interface Received {
  event: string;
  payload: unknown;
  at: number;
}

interface Client {
  socket: Socket<ServerToClientEvents>;
  received: Received[];
}

let app: TestApp;
const clients: Socket[] = [];
before(async () => {
  app = await startTestApp();
});
after(async () => {
  for (const socket of clients) socket.disconnect();
  await app.close();
});

function open(auth: Record<string, unknown> | undefined, options: { namespace?: string; origin?: string } = {}): Socket<ServerToClientEvents> {
  const socket: Socket<ServerToClientEvents> = connect(`${app.url}${options.namespace ?? ''}`, {
    ...(auth ? { auth } : {}),
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
  });
  clients.push(socket);
  return socket;
}

/** Connects and records every event with its arrival time. */
async function client(auth: Record<string, unknown> | undefined, namespace?: string): Promise<Client> {
  const socket = open(auth, namespace === undefined ? {} : { namespace });
  const received: Received[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload, at: performance.now() }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, received };
}

/** Resolves the refusal's message; fails if the socket connects. */
async function refusal(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

async function waitFor<T>(what: string, check: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

const named = (c: Client, event: string): Received[] => c.received.filter((r) => r.event === event);

describe('socket.io server: handshake', () => {
  test('refuses a connection without a token', async () => {
    assert.equal(await refusal(open(undefined)), 'Authentication required');
    assert.equal(await refusal(open({ token: '' })), 'Authentication required');
  });

  test('refuses a malformed, a tampered and an expired token', async () => {
    const session = await app.register();
    assert.equal(await refusal(open({ token: 'not-a-jwt' })), 'Invalid or expired token');
    assert.equal(await refusal(open({ token: `${session.token}x` })), 'Invalid or expired token');
    assert.equal(await refusal(open({ token: await expiredToken(session.user.id) })), 'Invalid or expired token');
  });

  test('refuses a browser from another origin, even with a valid token', async () => {
    const session = await app.register();
    const message = await refusal(open({ token: session.token }, { origin: 'https://evil.example' }));
    assert.ok(message.length > 0);
    // The same token from the app's own origin connects.
    const ok = open({ token: session.token }, { origin: app.ctx.config.PUBLIC_URL });
    await new Promise<void>((resolve, reject) => {
      ok.once('connect', resolve);
      ok.once('connect_error', reject);
    });
  });
});

describe('socket.io server: pushes', () => {
  let owner: Session;
  let other: Session;
  let admin: Session;
  before(async () => {
    owner = await app.register();
    other = await app.register();
    admin = await app.registerAdmin();
  });

  test("the content owner receives the notification of another user's share within 1 s; the sharer only a workspace refetch hint", async () => {
    const ownerClient = await client({ token: owner.token });
    const sharerClient = await client({ token: other.token });
    const post = await submitContent(app, owner);
    const contacts = await addContacts(app, other, 1);
    const sentAt = performance.now();
    const shared = await app.request('POST', `/content/${post.id}/share/`, { token: other.token, json: { contact_ids: contacts } });
    assert.equal(shared.status, 200, shared.text);
    const notification = await waitFor('the notification', () => named(ownerClient, 'notification')[0]);
    const latencyMs = notification.at - sentAt;
    console.log(`share → notification latency: ${latencyMs.toFixed(1)} ms`);
    assert.ok(latencyMs < 1000, `took ${latencyMs} ms`);

    // The pushed notification is the document GET /notifications/ returns.
    const list = await app.request('GET', '/notifications/', { token: owner.token });
    const listed = (list.body as { id: string }[]).find((n) => n.id === (notification.payload as { id: string }).id);
    assert.deepEqual(notification.payload, listed);
    const progress = await waitFor('content:progress', () => named(ownerClient, 'content:progress')[0]);
    assert.deepEqual(progress.payload, { content_id: post.id, share_count: 1, required_shares: 5, status: 'active' });

    await sleep(100); // anything meant for the owner has long arrived; nothing of it reaches the sharer
    assert.deepEqual(
      sharerClient.received.map((push) => [push.event, push.payload]),
      [['workspace:updated', { reason: 'share', content_id: post.id }]],
    );
  });

  test("user A never receives user B's events", async () => {
    const a = await client({ token: owner.token });
    const b = await client({ token: other.token });
    await app.grantPremium(other.user.id);
    await waitFor("B's user:updated", () => named(b, 'user:updated')[0]);
    assert.equal((named(b, 'user:updated')[0]?.payload as { id: string }).id, other.user.id);
    await sleep(100);
    assert.deepEqual(a.received, []);
  });

  test('admins receive flag:created when content is flagged; other users do not', async () => {
    const adminClient = await client({ token: admin.token });
    const userClient = await client({ token: other.token });
    const post = await submitContent(app, owner);
    const flagged = await app.request('POST', '/flags/', { token: other.token, json: { content_id: post.id, reason: 'Spam' } });
    assert.ok(flagged.status === 200 || flagged.status === 201, flagged.text);
    const created = await waitFor('flag:created', () => named(adminClient, 'flag:created')[0]);
    const list = await app.request('GET', '/flags/', { token: admin.token });
    const listed = (list.body as { content_id: string }[]).find((flag) => flag.content_id === post.id);
    const flagId = (created.payload as { id: string }).id;
    assert.deepEqual(created.payload, listed);

    const deleted = await app.request('DELETE', `/flags/${flagId}`, { token: admin.token });
    assert.ok(deleted.status < 300, deleted.text);
    const updated = await waitFor('flag:updated', () => named(adminClient, 'flag:updated')[0]);
    assert.deepEqual(updated.payload, { flag_id: flagId, content_id: post.id, deleted: true });
    await sleep(100);
    assert.deepEqual(named(userClient, 'flag:created'), []);
    assert.deepEqual(named(userClient, 'flag:updated'), []);
  });

  test('a client cannot join another room: there is no join handler', async () => {
    const intruder = await client({ token: other.token });
    const adminClient = await client({ token: admin.token });
    const untyped = intruder.socket as unknown as Socket;
    untyped.emit('join', 'admins');
    untyped.emit('join', `user:${owner.user.id}`);
    await sleep(50);
    const post = await submitContent(app, owner);
    await app.request('POST', '/flags/', { token: admin.token, json: { content_id: post.id, reason: 'Check' } });
    await waitFor('the admin push', () => named(adminClient, 'flag:created')[0]);
    await sleep(100);
    assert.deepEqual(intruder.received, []);
    assert.equal(intruder.socket.connected, true);
  });

  test('the waitlist count reaches signed-in clients and the unauthenticated read-only /public namespace', async () => {
    const anonymous = await client(undefined, PUBLIC_NAMESPACE);
    const signedIn = await client({ token: other.token });
    const joined = await app.request('POST', '/api/waitlist/signup', { json: { email: `w${Date.now()}@example.com`, referred_by: null } });
    assert.ok(joined.status < 300, joined.text);
    const count = (await app.request('GET', '/api/waitlist/count')).body as { count: number };
    const pushed = await waitFor('waitlist:count on /public', () => named(anonymous, 'waitlist:count')[0]);
    assert.deepEqual(pushed.payload, count);
    await waitFor('waitlist:count in the public room', () => named(signedIn, 'waitlist:count')[0]);
    // /public receives nothing else: a share's notification or a user update never goes there.
    await app.grantPremium(owner.user.id);
    await sleep(100);
    assert.deepEqual(anonymous.received.map((r) => r.event), ['waitlist:count']);
  });

  test('/public accepts no client events: a socket that sends one is disconnected', async () => {
    const anonymous = await client(undefined, PUBLIC_NAMESPACE);
    const disconnected = new Promise<string>((resolve) => anonymous.socket.once('disconnect', resolve));
    (anonymous.socket as unknown as Socket).emit('join', 'admins');
    assert.equal(await disconnected, 'io server disconnect');
  });
});

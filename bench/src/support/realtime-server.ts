/**
 * The server side of `npm run bench -- realtime`, in its own process (forked with IPC and --expose-gc):
 * - ours: the whole API on embedded adapters (startTestApp: real socket.io server, JWT handshake, push
 *   reactor on the projection runner, in-process publisher);
 * - raw: a bare socket.io server whose POST /emit?room=R emits `ping` to room R (the baseline).
 * It answers `heap` with heapUsed after two forced GCs, so the parent measures heap per socket here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { Position } from '@crossfeed/platform/event-store/event-store.port.ts';
import { startTestApp } from '../../../backend/src/testing/test-app.ts';

export interface RealtimeServerInfo {
  url: string;
  rawUrl: string;
  ownerToken: string;
  sharerToken: string;
  contentId: string;
  contactIds: string[];
}

const gc = (globalThis as { gc?: () => void }).gc;
const send = (message: unknown): void => void process.send?.(message);

const app = await startTestApp();

const rawHttp = http.createServer();
const raw = new Server(rawHttp, { serveClient: false });
raw.on('connection', (socket) => void socket.join(String((socket.handshake.auth as { room?: unknown }).room)));
rawHttp.on('request', (req, res) => {
  if (!req.url?.startsWith('/emit')) return;
  const room = new URL(req.url, 'http://x').searchParams.get('room') ?? '';
  raw.to(room).emit('ping', { room });
  res.writeHead(204).end();
});
await new Promise<void>((resolve) => rawHttp.listen(0, '127.0.0.1', resolve));
const rawUrl = `http://127.0.0.1:${(rawHttp.address() as AddressInfo).port}`;

async function session(name: string): Promise<{ id: string; token: string }> {
  const password = 'Str0ng!Passw0rd';
  await app.request('POST', '/auth/register', { json: { username: name, email: `${name}@example.com`, password } });
  const login = await app.request('POST', '/auth/login', { form: { username: name, password } });
  await app.grantPremium(login.body.user.id); // no daily share / weekly submission quota in the way
  return { id: login.body.user.id, token: login.body.access_token };
}

const owner = await session('benchowner');
const sharer = await session('benchsharer');
const content = await app.request('POST', '/content/', {
  token: owner.token,
  json: { title: 'Bench post', description: 'd', url: 'https://example.com/bench', content_type: 'article', categories: ['tech'] },
});
const contact = await app.request('POST', '/contacts/', { token: sharer.token, json: { name: 'C', email: 'c@example.com' } });
const info: RealtimeServerInfo = {
  url: app.url,
  rawUrl,
  ownerToken: owner.token,
  sharerToken: sharer.token,
  contentId: content.body.id,
  contactIds: [contact.body.id],
};

let seeded = 0;
/** Registers background users straight through the decider (no password hashing) and issues their tokens. */
async function tokensFor(count: number): Promise<string[]> {
  let last: Position | undefined;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const userId = `bench-${++seeded}`;
    ids.push(userId);
    const result = await handleCommand(app.ctx.eventStore, userDecider, userStream(userId), {
      type: 'RegisterUser',
      data: { userId, username: `bench${seeded}`, email: `bench${seeded}@example.com`, passwordHash: 'x', isAdmin: false, now: new Date().toISOString() },
    });
    last = result.position ?? last;
  }
  if (last) await app.runner.waitFor(last, 60_000);
  return Promise.all(ids.map(async (id) => (await app.ctx.tokens.issue(id)).token));
}

process.on('message', (message: { id: number; cmd: 'heap' | 'tokens'; count?: number }) => {
  void (async () => {
    if (message.cmd === 'heap') {
      gc?.();
      gc?.();
      const memory = process.memoryUsage();
      send({ id: message.id, heapUsed: memory.heapUsed, external: memory.external });
    } else {
      send({ id: message.id, tokens: await tokensFor(message.count ?? 0) });
    }
  })();
});
process.on('SIGTERM', () => {
  void raw.close();
  void app.close().then(() => process.exit(0));
});
send({ ready: info, gc: gc !== undefined });

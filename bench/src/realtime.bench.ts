/**
 * `npm run bench -- realtime [--sockets 1000,5000] [--samples N]`
 * At each number of connected sockets, in ONE run:
 * - raw: socket.io emit→receive through a bare server (HTTP POST /emit → io.to(room).emit → client);
 * - ours: POST /content/{id}/share/ by another user → the owner's `notification` push (command, append,
 *   projections, push reactor, socket.io);
 * - heap per socket: the server's heapUsed after forced GCs, with N sockets connected minus before, / N.
 * The server runs in a forked process and the clients here, so they do not share an event loop. Latency is
 * measured on the client's clock from sending the request to receiving the push, one sample at a time.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { fmt, percentile, printReport, type Row } from './report.ts';
import type { RealtimeServerInfo } from './support/realtime-server.ts';

const P99_TARGET_MS = 100;
const HEAP_TARGET_BYTES = 12 * 1024;

interface ChildReply {
  id?: number;
  ready?: RealtimeServerInfo;
  gc?: boolean;
  heapUsed?: number;
  external?: number;
  tokens?: string[];
}

export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({ args, options: { sockets: { type: 'string' }, samples: { type: 'string' } } });
  const levels = (values.sockets ?? '1000,5000').split(',').map(Number);
  const samples = Number(values.samples ?? 300);

  const child = fork(path.join(import.meta.dirname, 'support/realtime-server.ts'), [], {
    execArgv: ['--disable-warning=ExperimentalWarning', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { info, call } = await control(child);
    const rows: Row[] = [];
    const targets: { label: string; met: boolean }[] = [];
    for (const n of levels) {
      // --- raw socket.io ---------------------------------------------------------------------------
      const heapBeforeRaw = (await call({ cmd: 'heap' })).heapUsed ?? 0;
      const rawSockets = await connectMany(n, (i) => ({ url: info.rawUrl, auth: { room: `r:${i}` } }));
      const rawHeap = (((await call({ cmd: 'heap' })).heapUsed ?? 0) - heapBeforeRaw) / n;
      const rawLatency: number[] = [];
      for (let s = 0; s < samples; s++) {
        const i = (s * 7919) % n;
        const socket = rawSockets[i]!;
        const received = once(socket, 'ping');
        const t0 = performance.now();
        await fetch(`${info.rawUrl}/emit?room=${encodeURIComponent(`r:${i}`)}`, { method: 'POST' });
        await received;
        rawLatency.push(performance.now() - t0);
      }
      await disconnectAll(rawSockets);

      // --- ours: share → notification --------------------------------------------------------------
      const tokens = (await call({ cmd: 'tokens', count: n - 1 })).tokens ?? [];
      await sleep(200);
      const heapBefore = (await call({ cmd: 'heap' })).heapUsed ?? 0;
      const sockets = await connectMany(n, (i) => ({ url: info.url, auth: { token: i === 0 ? info.ownerToken : tokens[i - 1] } }));
      const ourHeap = (((await call({ cmd: 'heap' })).heapUsed ?? 0) - heapBefore) / n;
      const owner = sockets[0]!;
      const ourLatency: number[] = [];
      for (let s = 0; s < samples; s++) {
        const received = once(owner, 'notification');
        const t0 = performance.now();
        const response = await fetch(`${info.url}/content/${info.contentId}/share/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${info.sharerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ contact_ids: info.contactIds }),
        });
        if (response.status !== 200) throw new Error(`share failed: ${response.status} ${await response.text()}`);
        await received;
        ourLatency.push(performance.now() - t0);
      }
      await disconnectAll(sockets);

      const raw50 = percentile(rawLatency, 50);
      const raw99 = percentile(rawLatency, 99);
      const our50 = percentile(ourLatency, 50);
      const our99 = percentile(ourLatency, 99);
      rows.push(
        { measure: `${fmt(n)} sockets: emit→receive p50 (ms)`, value: raw50.toFixed(2) },
        { measure: `${fmt(n)} sockets: emit→receive p99 (ms)`, value: raw99.toFixed(2) },
        { measure: `${fmt(n)} sockets: share→notification p50 (ms)`, value: our50.toFixed(2), baseline: raw50.toFixed(2), ratio: our50 / raw50 },
        { measure: `${fmt(n)} sockets: share→notification p99 (ms)`, value: our99.toFixed(2), baseline: raw99.toFixed(2), ratio: our99 / raw99 },
        { measure: `${fmt(n)} sockets: heap per socket (KB)`, value: (ourHeap / 1024).toFixed(2), baseline: (rawHeap / 1024).toFixed(2), ratio: ourHeap / rawHeap },
      );
      if (n >= 5000 || n === levels.at(-1)) {
        targets.push({ label: `share→notification p99 ≤ ${P99_TARGET_MS} ms at ${fmt(n)} sockets (${our99.toFixed(1)} ms)`, met: our99 <= P99_TARGET_MS });
        targets.push({ label: `heap per socket ≤ 12 KB at ${fmt(n)} sockets (${(ourHeap / 1024).toFixed(2)} KB)`, met: ourHeap <= HEAP_TARGET_BYTES });
      }
    }
    return printReport(
      `Realtime: ${samples} sequential samples per level; server in a forked process (heap: heapUsed after 2 forced GCs, connected minus before, / sockets)`,
      rows,
      targets,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

async function control(child: ChildProcess): Promise<{ info: RealtimeServerInfo; call: (message: { cmd: string; count?: number }) => Promise<ChildReply> }> {
  let next = 0;
  const pending = new Map<number, (reply: ChildReply) => void>();
  const info = await new Promise<RealtimeServerInfo>((resolve, reject) => {
    child.on('message', (reply: ChildReply) => {
      if (reply.ready) {
        if (!reply.gc) reject(new Error('the server must run with --expose-gc'));
        resolve(reply.ready);
      } else if (reply.id !== undefined) pending.get(reply.id)?.(reply);
    });
    child.once('exit', (code) => reject(new Error(`realtime server exited with ${code}`)));
  });
  const call = (message: { cmd: string; count?: number }) =>
    new Promise<ChildReply>((resolve) => {
      const id = ++next;
      pending.set(id, (reply) => {
        pending.delete(id);
        resolve(reply);
      });
      child.send({ ...message, id });
    });
  return { info, call };
}

async function connectMany(n: number, options: (i: number) => { url: string; auth: Record<string, unknown> }): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const batch = 250;
  for (let start = 0; start < n; start += batch) {
    const opened = Array.from({ length: Math.min(batch, n - start) }, (_, k) => {
      const { url, auth } = options(start + k);
      const socket = connect(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(opened);
  }
  return sockets;
}

async function disconnectAll(sockets: readonly Socket[]): Promise<void> {
  for (const socket of sockets) socket.disconnect();
  await sleep(500); // let the server drop them before the next heap reading
}

function once(socket: Socket, event: string): Promise<void> {
  return new Promise((resolve) => socket.once(event, () => resolve()));
}

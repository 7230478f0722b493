/**
 * A private `redis-server` on a free port for fault tests (never the shared one on 6379). `stop()` shuts it
 * down with SHUTDOWN SAVE into its own temp dir and `start()` brings it back with that data, as a Redis
 * with persistence would survive an outage; `close()` stops it and removes the dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function ping(port: number): Promise<boolean> {
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** `args` are added to the server's command line (later options win: `['--appendonly', 'yes']`). */
export async function startPrivateRedis(args: readonly string[] = []): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-redis-'));
  let child: ChildProcess | undefined;

  const start = async (): Promise<void> => {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', dir, ...args], {
      stdio: 'ignore',
    });
    child = proc;
    const deadline = Date.now() + 5000;
    while (!(await ping(port))) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`private redis-server on ${port} did not start`);
      await sleep(20);
    }
  };

  const stop = async (): Promise<void> => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    const client = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    await client.call('SHUTDOWN', 'SAVE').catch(() => undefined); // the connection closes as it shuts down
    client.disconnect();
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

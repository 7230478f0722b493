/**
 * The client side of support/growth-server.ts: forks the API as `npm start` composes it on a DATA_DIR and asks
 * it, over IPC, for its event-loop delay histogram (reset, then read after the work measured).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Event-loop delay of the server process, in ms. */
export interface Delay {
  p50: number;
  p99: number;
  max: number;
}

export interface ApiProcess {
  port: number;
  reset: () => Promise<void>;
  delay: () => Promise<Delay>;
  stop: () => Promise<void>;
}

/** Node flags for the server come from GROWTH_SERVER_ARGS (e.g. `--cpu-prof` to profile a run). */
export async function startServer(dataDir: string): Promise<ApiProcess> {
  const child = fork(path.join(import.meta.dirname, 'growth-server.ts'), [dataDir], {
    execArgv: ['--disable-warning=ExperimentalWarning', ...(process.env.GROWTH_SERVER_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('READY '));
      if (line) resolve((JSON.parse(line.slice(6)) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`growth-server exited with ${code}`)));
  });
  const ask = <T>(message: string): Promise<T> =>
    new Promise((resolve) => {
      child.once('message', (answer) => resolve(answer as T));
      child.send(message);
    });
  return {
    port,
    reset: async () => {
      await ask('reset');
    },
    delay: () => ask<Delay>('delay'),
    stop: () => stopProcess(child),
  };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

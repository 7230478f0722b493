/**
 * Requests while share e-mails drain (part of `npm run bench -- mail`): the one-process start, its log
 * holding 4,000 shares whose 20,000 e-mails are not sent yet (support/mail-backlog-server.ts), serves the same
 * requests twice in the same warm process: before its jobs start, then while they run on the same event loop. Each request kind gets
 * its own phase of load; the target is that every kind's median latency stays within 1.5x its idle value.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChild, stopChild } from './support/child-server.ts';
import { fmt, percentile, type Row as ReportRow, type Target } from './report.ts';

export const BACKLOG_MAX_P50_RATIO = 1.5;

interface Ready {
  port: number;
  tokens: string[];
}

interface Phase {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
}

const eml = (dir: string): number => {
  try {
    return fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).length;
  } catch {
    return 0;
  }
};

interface RequestSpec {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Each kind of request, from the next seeded sharer in turn. */
function phases(ready: Ready): { name: string; request: (i: number) => RequestSpec }[] {
  const auth = (i: number) => ({ authorization: `Bearer ${ready.tokens[i % ready.tokens.length]!}` });
  return [
    {
      name: 'POST /contacts/',
      request: (i) => ({
        method: 'POST',
        path: '/contacts/',
        headers: { ...auth(i), 'content-type': 'application/json' },
        body: JSON.stringify({ name: `New reader ${i}`, email: `new.${process.pid}.${Date.now()}.${i}@example.com` }),
      }),
    },
    { name: 'GET /content/match', request: (i) => ({ method: 'GET', path: '/content/match', headers: auth(i) }) },
    { name: 'GET /contacts/?limit=50', request: (i) => ({ method: 'GET', path: '/contacts/?limit=50', headers: auth(i) }) },
  ];
}

/**
 * `clients` people each sending one request after another for `seconds`, timed to the microsecond (a load
 * generator's whole milliseconds cannot tell 0.4 ms from 0.6 ms).
 */
async function measure(ready: Ready, seconds: number, clients: number): Promise<Phase[]> {
  const results: Phase[] = [];
  for (const phase of phases(ready)) {
    const latencies: number[] = [];
    let failed = 0;
    let next = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const spec = phase.request(next++);
          const started = performance.now();
          const response = await fetch(`http://127.0.0.1:${ready.port}${spec.path}`, { method: spec.method, headers: spec.headers, body: spec.body });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          if (!response.ok) failed += 1;
        }
      }),
    );
    results.push({ name: phase.name, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / seconds, non2xx: failed });
  }
  return results;
}

/** Resolves when the child prints `line` on its own line. */
function printed(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.split('\n').includes(line)) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
  });
}

export async function measureMailBacklog(options: { shares: number; seconds: number; clients: number }): Promise<{ rows: ReportRow[]; targets: Target[] }> {
  const script = path.join(import.meta.dirname, 'support', 'mail-backlog-server.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-bench-backlog-'));
  const server = await startChild(script, [dataDir, String(options.shares)]);
  let idle: Phase[];
  let loaded: { results: Phase[]; sent: number; elapsed: number; left: number };
  let quiet: { sent: number; seconds: number };
  try {
    const ready = JSON.parse(server.ready) as Ready;
    // The same process, warmed up, first with its jobs not started, then while they drain.
    await measure(ready, 2, options.clients);
    idle = await measure(ready, options.seconds, options.clients);
    const started = printed(server.child, 'STARTED');
    server.child.kill('SIGUSR2');
    await started;
    const mailDir = path.join(dataDir, 'mail');
    const before = eml(mailDir);
    const startedAt = Date.now();
    const results = await measure(ready, options.seconds, options.clients);
    const sent = eml(mailDir) - before;
    loaded = { results, sent, elapsed: (Date.now() - startedAt) / 1000, left: options.shares * 5 - eml(mailDir) };
    // No requests for a while: the backlog drains at full speed.
    const quietBefore = eml(mailDir);
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    quiet = { sent: eml(mailDir) - quietBefore, seconds: options.seconds };
  } finally {
    await stopChild(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const rows: ReportRow[] = [];
  const targets: Target[] = [];
  for (const [i, phase] of loaded.results.entries()) {
    const base = idle[i]!;
    const ratio = phase.p50 / base.p50;
    const ms = (p: Phase) => `${p.p50.toFixed(2)} (${p.p99.toFixed(1)})`;
    rows.push({ measure: `${phase.name}: p50 (p99) while e-mails drain, ms`, value: ms(phase), baseline: ms(base), ratio });
    targets.push({ label: `${phase.name} p50 within ${BACKLOG_MAX_P50_RATIO}x of idle (${ratio.toFixed(2)}x)`, met: ratio <= BACKLOG_MAX_P50_RATIO });
    targets.push({ label: `${phase.name}: every answer 2xx (${phase.non2xx + base.non2xx} not)`, met: phase.non2xx + base.non2xx === 0 });
  }
  rows.push({ measure: `share e-mails written during the ${fmt(loaded.elapsed)} s of requests (of ${fmt(options.shares * 5)})`, value: `${fmt(loaded.sent)} (${fmt(loaded.sent / loaded.elapsed)}/s)` });
  rows.push({ measure: 'share e-mails still waiting at the end', value: fmt(Math.max(0, loaded.left)) });
  rows.push({ measure: `share e-mails written in the next ${fmt(quiet.seconds)} s, with no request`, value: `${fmt(quiet.sent)} (${fmt(quiet.sent / quiet.seconds)}/s)` });
  targets.push({ label: `e-mails still waiting through the whole measurement (${fmt(Math.max(0, loaded.left))} left)`, met: loaded.left > 0 });
  return { rows, targets };
}

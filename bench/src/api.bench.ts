/**
 * `npm run bench -- api [--users N] [--contents N] [--seconds S] [--connections C]`
 * Measured in one run, each server in its own process, load from this process with autocannon:
 * - bare Express hello-world req/s (the baseline);
 * - authenticated GET /content/match with N users and M contents seeded;
 * - POST /content/{id}/share/ commands/s by Premium sharers (each a full command: decide on the cached
 *   state, append with fsync (group commit: appends of one turn share a transaction), wait for the read
 *   models).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startChild, stopChild } from './support/child-server.ts';
import { cpuPerRequest, cpuSample } from './support/process-cpu.ts';
import { fmt, printReport } from './report.ts';

interface Seeded {
  port: number;
  sessions: { token: string; contactIds: string[] }[];
  shareTargets: string[];
}

interface Measure {
  rps: number;
  /** Requests answered. */
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function run(options: autocannon.Options): Promise<Measure> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.average,
        total: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    });
  });
}

export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: {
      users: { type: 'string' },
      contents: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      /** Pause (s) between the seeded server's READY and the load, e.g. to attach strace or perf to it. */
      pause: { type: 'string' },
    },
  });
  const users = Number(values.users ?? 10_000);
  const contents = Number(values.contents ?? 50_000);
  const duration = Number(values.seconds ?? 10);
  const connections = Number(values.connections ?? 50);
  const support = path.join(import.meta.dirname, 'support');

  const hello = await startChild(path.join(support, 'hello-server.ts'), ['0']);
  const bare = await run({ url: `http://127.0.0.1:${hello.ready}/`, connections, duration });
  await stopChild(hello.child);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-bench-api-'));
  let api: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    console.log(`seeding ${fmt(users)} users and ${fmt(contents)} contents...`);
    api = await startChild(path.join(support, 'seeded-api-server.ts'), [dataDir, String(users), String(contents), '200']);
    const seeded = JSON.parse(api.ready) as Seeded;
    if (values.pause) {
      console.log(`server pid ${api.child.pid}: pausing ${values.pause} s`);
      await new Promise((resolve) => setTimeout(resolve, Number(values.pause) * 1000));
    }
    const base = `http://127.0.0.1:${seeded.port}`;
    const [first] = seeded.sessions;
    if (!first) throw new Error('no sessions seeded');

    const check = await fetch(`${base}/content/match`, { headers: { authorization: `Bearer ${first.token}` } });
    const sample = (await check.json()) as unknown[];
    if (check.status !== 200 || !Array.isArray(sample) || sample.length === 0) {
      throw new Error(`GET /content/match answered ${check.status}: ${JSON.stringify(sample).slice(0, 200)}`);
    }
    // Many requesters, as in real use: each request comes from the next of the seeded sessions.
    let nextMatch = 0;
    const matchCpu = cpuSample(api.child.pid);
    const match = await run({
      url: base,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: '/content/match',
            headers: { authorization: `Bearer ${seeded.sessions[nextMatch++ % seeded.sessions.length]!.token}` },
          }),
        },
      ],
    });

    // A share counts when it reaches contacts who have not had that content (the exchange, SPEC §1): each
    // session's k-th share takes the next two of its contacts and the next content of the targets.
    const matchCpuEnd = cpuSample(api.child.pid);
    let next = 0;
    const sharesBySession = new Map<number, number>();
    const shareCpu = cpuSample(api.child.pid);
    const share = await run({
      url: base,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const i = next++;
            const s = i % seeded.sessions.length;
            const session = seeded.sessions[s]!;
            const k = sharesBySession.get(s) ?? 0;
            sharesBySession.set(s, k + 1);
            const contentId = seeded.shareTargets[(s * 7 + k) % seeded.shareTargets.length]!;
            const contacts = session.contactIds;
            return {
              ...request,
              path: `/content/${contentId}/share/`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
              body: JSON.stringify({ contact_ids: [contacts[(2 * k) % contacts.length], contacts[(2 * k + 1) % contacts.length]] }),
            };
          },
        },
      ],
    });
    const shareCpuEnd = cpuSample(api.child.pid);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return printReport(
      `API on ${os.cpus().length} cores, Node ${process.versions.node}: ${fmt(users)} users, ${fmt(contents)} contents, ${connections} connections, ${duration} s each`,
      [
        { measure: 'bare Express hello world, req/s', value: fmt(bare.rps) },
        { measure: '  p50 / p99 latency', value: `${ms(bare.p50)} / ${ms(bare.p99)}` },
        { measure: `GET /content/match (auth, ${seeded.sessions.length} users), req/s`, value: fmt(match.rps), baseline: fmt(bare.rps), ratio: match.rps / bare.rps },
        { measure: '  p50 / p99 latency', value: `${ms(match.p50)} / ${ms(match.p99)}` },
        { measure: '  server CPU per request', value: cpuPerRequest(matchCpu, matchCpuEnd, match.total) },
        { measure: 'POST /content/{id}/share/, commands/s', value: fmt(share.rps), baseline: fmt(bare.rps), ratio: share.rps / bare.rps },
        { measure: '  p50 / p99 latency', value: `${ms(share.p50)} / ${ms(share.p99)}` },
        { measure: '  server CPU per request', value: cpuPerRequest(shareCpu, shareCpuEnd, share.total) },
        { measure: 'errors / non-2xx (match, share)', value: `${match.errors}/${match.non2xx}, ${share.errors}/${share.non2xx}` },
      ],
      [
        { label: `match >= 0.25x bare Express (${(match.rps / bare.rps).toFixed(2)}x)`, met: match.rps >= 0.25 * bare.rps },
        { label: `match p99 <= 50 ms (${ms(match.p99)})`, met: match.p99 <= 50 },
        { label: `share >= 2,000 commands/s (${fmt(share.rps)})`, met: share.rps >= 2000 },
        { label: `share p99 <= 100 ms (${ms(share.p99)})`, met: share.p99 <= 100 },
        { label: 'no errors and every answer 2xx', met: match.errors + match.non2xx + share.errors + share.non2xx === 0 },
      ],
    );
  } finally {
    if (api) await stopChild(api.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

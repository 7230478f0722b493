/**
 * `npm run bench -- replay [--events N]`: rebuilds the founder `analytics` read model (the admin replay,
 * `ProjectionRunner.rebuild`) over N mixed events (default 1,000,000: signups, submissions, shares, human
 * and bot clicks over 90 days), seeded straight into the SQLite log, into a SQLite read-model file (as
 * `npm start` keeps them). Baseline: reading + parsing the same rows raw. Target: >= 100,000 events/s.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { ANALYTICS_DAILY, analyticsProjection, type AnalyticsDayDoc } from '@crossfeed/projections/analytics/analytics.projection.ts';
import { ProjectionRunner, type ReplayProgress } from '@crossfeed/projections/runner/projection-runner.ts';
import { fmt, perSecond, printReport } from './report.ts';
import { rawReadAndParse } from './support/raw-read.ts';

const DAYS = 90;
const TARGET = 100_000;

export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({ args, options: { events: { type: 'string' } } });
  const totalEvents = Number(values.events ?? 1_000_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-bench-replay-'));
  try {
    const logFile = path.join(dir, 'log.db');
    const created = await createSqliteEventStore({ file: logFile, synchronous: 'NORMAL' });
    await created.close();
    const mix = seedMixedLog(logFile, totalEvents);
    // The seeding wrote without syncing: its writeback must not land in the measured rebuild.
    const fd = fs.openSync(logFile, 'r+');
    fs.fsyncSync(fd);
    fs.closeSync(fd);

    const rawMs = rawReadAndParse(logFile);
    const eventStore = await createSqliteEventStore({ file: logFile });
    const readStore = await createSqliteReadStore({ file: path.join(dir, 'read-models.db') });
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [analyticsProjection], batchSize: 2000 });
    let last: ReplayProgress | undefined;
    const start = performance.now();
    await runner.rebuild('analytics', (progress) => (last = progress));
    const replayMs = performance.now() - start;
    const days = await readStore.collection<AnalyticsDayDoc>(ANALYTICS_DAILY).find({});
    await readStore.close();
    await eventStore.close();

    // The read model must account for every event it was fed.
    const counted = days.reduce((sum, doc) => sum + (doc.signups ?? 0) + (doc.submissions ?? 0) + (doc.shares ?? 0) + (doc.human_clicks ?? 0) + (doc.bot_clicks ?? 0), 0);
    if (counted !== totalEvents) throw new Error(`analytics counted ${counted} events, expected ${totalEvents}`);
    if (last?.done !== totalEvents) throw new Error(`progress reported ${last?.done} events, expected ${totalEvents}`);

    const rawRate = perSecond(totalEvents, rawMs);
    const ourRate = perSecond(totalEvents, replayMs);
    const ratio = ourRate / rawRate;
    return printReport(
      `Analytics replay on ${os.cpus().length} cores, Node ${process.versions.node}: ${fmt(totalEvents)} events over ${DAYS} days ` +
        `(${Object.entries(mix).map(([type, n]) => `${type} ${fmt(n)}`).join(', ')})`,
      [
        { measure: 'raw read + JSON.parse, events/s', value: fmt(rawRate) },
        { measure: 'analytics rebuild (read + parse + project + apply + swap), events/s', value: fmt(ourRate), baseline: fmt(rawRate), ratio },
        { measure: 'analytics rebuild, seconds', value: (replayMs / 1000).toFixed(2) },
        { measure: 'day documents', value: fmt(days.length) },
      ],
      [{ label: `analytics rebuild >= ${fmt(TARGET)} events/s (${fmt(ourRate)})`, met: ourRate >= TARGET }],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 5 % signups, 5 % submissions, 30 % shares, 45 % human clicks, 15 % bot clicks, straight into the table. */
export function seedMixedLog(file: string, count: number): Record<string, number> {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous=OFF');
  const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const step = (DAYS * 24 * 3600 * 1000) / count;
  const users = Math.max(1, Math.floor(count / 20));
  const revisions = new Map<string, number>();
  const mix: Record<string, number> = { signups: 0, submissions: 0, shares: 0, human_clicks: 0, bot_clicks: 0 };
  db.exec('BEGIN');
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * step).toISOString();
    const slot = i % 20;
    const userId = `u${i % users}`;
    let type: string;
    let stream: string;
    let data: Record<string, unknown>;
    if (slot === 0) {
      type = 'UserRegistered';
      stream = `user-u${i}`;
      data = { userId: `u${i}`, username: `creator${i}`, email: `creator${i}@example.com`, passwordHash: 'x', isAdmin: false, registeredAt: at };
      mix.signups! += 1;
    } else if (slot === 1) {
      type = 'ContentSubmitted';
      stream = `user-${userId}`;
      data = { contentId: `c${i}`, userId, username: userId, requiredShares: 5, submittedAt: at, title: 't', description: '', url: 'https://x.test', contentType: 'article', categories: ['tech'] };
      mix.submissions! += 1;
    } else if (slot < 8) {
      type = 'ContentShared';
      stream = `user-${userId}`;
      data = { shareId: `s${i}`, contentId: `c${i - slot + 1}`, contentOwnerId: 'u0', contentTitle: 't', sharerId: userId, sharerUsername: userId, contactIds: [], sharedAt: at };
      mix.shares! += 1;
    } else {
      const human = slot < 17;
      type = 'LinkClicked';
      stream = `content-c${i - slot + 1}`;
      data = { contentId: `c${i - slot + 1}`, ownerId: userId, shortCode: 'abc', contactId: null, human, botReason: human ? null : 'ua', clickedAt: at };
      mix[human ? 'human_clicks' : 'bot_clicks']! += 1;
    }
    const revision = revisions.get(stream) ?? 0;
    revisions.set(stream, revision + 1);
    insert.run(crypto.randomUUID(), stream, revision, type, JSON.stringify(data), '{}', at);
  }
  db.exec('COMMIT');
  db.close();
  return mix;
}

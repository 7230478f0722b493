/**
 * The split deployment on one machine (issue 14; docs/operations.md, "Several processes on one machine"): one
 * `projections`, two `api` nodes and one `workers` process, all on the embedded SQLite event log and read
 * models of ONE DATA_DIR, with Redis for the job queue and the socket.io adapter. Proves what the scale-out
 * story promises: pushes cross API nodes, a read on one node sees a write made on the other, a worker
 * SIGKILLed in the middle of share e-mails sends each exactly once after a restart, and a projections
 * process SIGKILLed in the middle of a catch-up leaves read models equal to a clean rebuild.
 *
 * Uses the Redis at REDIS_URL under a key prefix of its own (never flushed: only its own keys are deleted).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { readOutbox } from '@crossfeed/platform/mail/file-mailer.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { CHECKPOINTS, type Checkpoint } from '@crossfeed/projections/projection.ts';
import { projections } from '@crossfeed/projections/registry.ts';
import { ProjectionRunner } from '@crossfeed/projections/runner/projection-runner.ts';
import { readModelHash } from '@crossfeed/projections/testing/read-model-hash.ts';
import { SHARE_EMAIL_QUEUE } from '@crossfeed/workers/email/share-email.processor.ts';
import { callApi, freePort, killAll, registerOn, startApi, startService, waitUntil, type Api, type Service, type Session } from './split-deployment.ts';

const redisUrl = process.env.REDIS_URL;


const LAG_WARNING = 'read models lag behind a command (read-your-writes timed out)';

if (!redisUrl) {
  console.log('skipped: set REDIS_URL to run the split-deployment (several processes) test');
} else {
  describe('split deployment: projections, two API nodes and workers sharing one DATA_DIR', () => {
    const run = randomUUID().slice(0, 8);
    const prefix = `cf-test-mp-${run}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-split-'));
    const mailDir = path.join(dataDir, 'mail');
    // A domain that can receive mail: a reserved one (`.example`) would reach no one, and a share of it is refused.
    const contactDomain = `contacts-${run}.example.com`;
    let env: NodeJS.ProcessEnv;
    let projectionsService: Service;
    let workers: Service;
    let api1: Api;
    let api2: Api;
    const sockets: Socket[] = [];
    let owner: Session;
    let ownerContentId: string;
    let counter = 0;

    const startProjections = async (): Promise<Service> => {
      const service = startService('projections', 'projections', env);
      await service.waitForMessage('job dispatcher running');
      return service;
    };
    const startWorkers = async (): Promise<Service> => {
      const service = startService('workers', 'workers', env);
      await service.waitForMessage('workers running');
      return service;
    };

    const call = callApi;
    const register = (api: Api): Promise<Session> => registerOn(api, `split${run}_${++counter}`);

    /** Uploads `count` contacts as one CSV file (one command per 500 rows); answers their ids. */
    async function uploadContacts(api: Api, session: Session, count: number, tag: string): Promise<void> {
      const rows = Array.from({ length: count }, (_, i) => `Contact ${i},${tag}.${i}@${contactDomain}`);
      const form = new FormData();
      form.append('file', new Blob([['name,email', ...rows].join('\n')]), 'contacts.csv');
      const response = await call(api, 'POST', '/contacts/bulk', { token: session.token, body: form });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.added, count);
    }

    async function contactIds(api: Api, session: Session): Promise<string[]> {
      const response = await call(api, 'GET', '/contacts/?limit=500', { token: session.token });
      assert.equal(response.status, 200, response.text);
      return (response.body as { id: string }[]).map((contact) => contact.id);
    }

    /** Share e-mails written so far (file names carry the message id, `share-<content>-<contact>`). */
    const shareMailFiles = (): string[] => {
      try {
        return fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml') && name.includes('--share-'));
      } catch {
        return [];
      }
    };

    before(async () => {
      const [port1, port2] = [await freePort(), await freePort()];
      env = {
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        // The CI's Redis keeps no append-only file; this test accepts that (it never restarts Redis).
        REDIS_ALLOW_VOLATILE: 'true',
        // A SIGKILLed worker's jobs are taken up again within seconds instead of BullMQ's 30 s.
        JOB_LOCK_MS: '1500',
        JWT_SECRET: `split-deployment-test-secret-${run}-0123456789`,
        PUBLIC_URL: `http://127.0.0.1:${port1}`,
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
        // The SIGKILL test shares with 300 people from a new, unconfirmed account (5 a day by default).
        DAILY_EMAIL_BUDGET_UNCONFIRMED: '1000',
      };
      // The order docs/operations.md gives: projections first (it owns the read-model writes), then API nodes, workers.
      projectionsService = await startProjections();
      [api1, api2, workers] = await Promise.all([startApi('api-1', env, port1), startApi('api-2', env, port2), startWorkers()]);
    });

    after(async () => {
      for (const socket of sockets) socket.disconnect();
      await killAll();
      const redis = new Redis(redisUrl);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
          cursor = next;
          if (keys.length > 0) await redis.unlink(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test('a share made through API 1 reaches the owner\'s socket connected to API 2', async () => {
      owner = await register(api1);
      const socket = connect(api2.url, { auth: { token: owner.token }, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      const received: { event: string; payload: unknown }[] = [];
      socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });

      const submitted = await call(api1, 'POST', '/content/', {
        token: owner.token,
        json: { title: 'Split post', description: 'Shared across nodes', url: 'https://example.com/split', content_type: 'article', categories: ['technology'] },
      });
      assert.equal(submitted.status, 201, submitted.text);
      ownerContentId = submitted.body.id;
      assert.equal(submitted.body.status, 'active', 'the first item goes live at once');

      const sharer = await register(api1);
      await uploadContacts(api1, sharer, 2, 'first');
      const shared = await call(api1, 'POST', `/content/${ownerContentId}/share/`, { token: sharer.token, json: { contact_ids: await contactIds(api1, sharer) } });
      assert.equal(shared.status, 200, shared.text);

      const progress = await waitUntil('content:progress on the socket of API 2', () => received.find((message) => message.event === 'content:progress'), 15_000);
      // One share to two people counts two (a person reached is the credit).
      assert.deepEqual(progress.payload, { content_id: ownerContentId, share_count: 2, required_shares: 5, status: 'active' });
    });

    test('a GET through API 2 right after a command on API 1 sees it (read your writes across processes)', async () => {
      const user = await register(api1);
      const logged = api1.messages().length;
      for (let i = 1; i <= 8; i++) {
        const added = await call(api1, 'POST', '/contacts/', { token: user.token, json: { name: `Friend ${i}`, email: `friend${i}.${run}@example.com` } });
        assert.equal(added.status, 201, added.text);
        const listed = await call(api2, 'GET', '/contacts/', { token: user.token });
        assert.equal(listed.status, 200, listed.text);
        assert.equal(listed.headers.get('x-total-count'), String(i));
        assert.ok((listed.body as { id: string }[]).some((contact) => contact.id === added.body.id), `contact ${i} is listed by API 2`);
      }
      // Each command waited for the projections process (checkpoints polled in the shared read store).
      assert.deepEqual(api1.messages().slice(logged).filter((message) => message === LAG_WARNING), []);
    });

    test('a workers process SIGKILLed in the middle of share e-mails sends each exactly once after a restart', async () => {
      const total = 300;
      const sharer = await register(api1);
      await uploadContacts(api1, sharer, total, 'bulk');
      const contacts = await contactIds(api1, sharer);
      assert.equal(contacts.length, total);
      const shared = await call(api1, 'POST', `/content/${ownerContentId}/share/`, { token: sharer.token, json: { contact_ids: contacts } });
      assert.equal(shared.status, 200, shared.text);

      // Once the share job has sent its first e-mails, the worker dies with no chance to clean up.
      await waitUntil('the first share e-mails of the bulk share', () => shareMailFiles().length > 2, 20_000, 2);
      await workers.kill();
      const sentBeforeKill = shareMailFiles().length - 2; // the first share sent 2
      assert.ok(sentBeforeKill < total, `the worker was killed in the middle (it had sent ${sentBeforeKill} of ${total})`);

      workers = await startWorkers();
      const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
      const queue = new Queue(SHARE_EMAIL_QUEUE, { connection, prefix: `${prefix}:bull` });
      try {
        // Both share jobs completed, and nothing of that queue is left to run: no e-mail can follow.
        await waitUntil('the share e-mail jobs to complete', async () => {
          const counts = await queue.getJobCounts('completed', 'active', 'waiting', 'delayed', 'failed', 'prioritized');
          assert.equal(counts.failed, 0);
          const left = ['active', 'waiting', 'delayed', 'prioritized'].reduce((sum, state) => sum + (counts[state] ?? 0), 0);
          return counts.completed === 2 && left === 0;
        }, 60_000, 100);
      } finally {
        await queue.close();
        connection.disconnect();
      }
      const perRecipient = new Map<string, number>();
      for (const mail of await readOutbox(mailDir)) {
        if (!mail.to.includes(`@${contactDomain}`)) continue;
        perRecipient.set(mail.to, (perRecipient.get(mail.to) ?? 0) + 1);
      }
      assert.equal(perRecipient.size, total + 2, 'every contact of both shares got the e-mail');
      assert.deepEqual([...perRecipient].filter(([, count]) => count !== 1), [], 'no contact got it twice');
    });

    test('a projections process SIGKILLed in the middle of a catch-up leaves read models equal to a clean rebuild', async () => {
      // Quiet the writers that are not projections: the workers (share links, scores) and API 2.
      await workers.stop();
      await api2.stop();
      const user = await register(api1);
      let backlog = 0;
      const shared = await createSqliteReadStore({ file: path.join(dataDir, 'read-models.db'), guest: true });
      const eventStore = await createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
      const rebuildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-rebuild-'));
      const rebuilt = await createSqliteReadStore({ file: path.join(rebuildDir, 'read-models.db') });
      try {
        const lowest = async (): Promise<string> => {
          const checkpoints = await shared.collection<Checkpoint>(CHECKPOINTS).find({ _id: { $in: projections.map((p) => p.name) } });
          assert.equal(checkpoints.length, projections.length);
          return checkpoints.map((checkpoint) => checkpoint.position).sort()[0]!;
        };
        await projectionsService.kill();
        // Events pile up while projections is down (2,000 contacts: 4 commands of 500 events); restarted, it
        // catches up in batches and is killed once a batch is in, before the head. Should a catch-up run
        // through before the kill lands, more events pile up and it is tried again.
        let killedMidway = false;
        for (let attempt = 1; attempt <= 3 && !killedMidway; attempt++) {
          await uploadContacts(api1, user, 2000, `backlog${attempt}`);
          backlog += 2000;
          const head = (await eventStore.head()).position!;
          const start = await lowest();
          assert.ok(start < head, 'the projections are behind the log');
          const catchingUp = startService('projections', `projections (catch-up ${attempt})`, env);
          await waitUntil('a catch-up batch to commit', async () => {
            if (catchingUp.exited()) assert.fail(`projections exited:\n${catchingUp.output()}`);
            return (await lowest()) > start;
          }, 30_000, 2);
          await catchingUp.kill();
          killedMidway = (await lowest()) < head;
        }
        assert.ok(killedMidway, 'projections was killed in the middle of a catch-up');

        projectionsService = await startProjections();
        // A command on API 1 settles only once every projection has passed it: all are at the head.
        const logged = api1.messages().length;
        const added = await call(api1, 'POST', '/contacts/', { token: user.token, json: { name: 'Last one', email: `last.${run}@example.com` } });
        assert.equal(added.status, 201, added.text);
        assert.deepEqual(api1.messages().slice(logged).filter((message) => message === LAG_WARNING), []);
        await api1.stop();
        await projectionsService.stop();

        // A clean rebuild of the same log into a new file (what `npm run replay` does, without the swap).
        const runner = new ProjectionRunner({ eventStore, readStore: rebuilt, projections });
        await runner.start();
        await runner.stop();
        assert.equal(await rebuilt.collection('contacts').count({ user_id: user.user.id }), backlog + 1, 'the rebuild holds the backlog');
        for (const projection of projections) {
          assert.equal(await readModelHash(shared, [projection]), await readModelHash(rebuilt, [projection]), `${projection.name} equals its clean rebuild`);
        }
      } finally {
        await shared.close();
        await rebuilt.close();
        await eventStore.close();
        fs.rmSync(rebuildDir, { recursive: true, force: true });
      }
    });
  });
}

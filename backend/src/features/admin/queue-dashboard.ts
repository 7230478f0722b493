/**
 * `/admin/queues`: Bull Board for admins (DESIGN §3 Jobs: long work reports progress).
 *
 * - With REDIS_URL (BullMQ) it serves Bull Board over every BullMQ queue found in Redis (`bull:*:meta`,
 *   refreshed at most every 10 s) plus the queues this codebase schedules.
 * - In embedded mode there is no BullMQ: after the admin check it answers 404 with a detail saying so.
 *
 * Auth: a page the browser opens directly cannot send an `Authorization` header, so an admin first calls
 * `POST /admin/queues/session` WITH the header (the UI's API client does this), which sets an HttpOnly,
 * SameSite=Strict cookie holding the same JWT, scoped to `/admin/queues` and expiring with the token;
 * the UI then opens `/admin/queues` in a new tab. Every request under `/admin/queues` accepts the header
 * or that cookie, and checks the user is an admin (401 / 403 otherwise). The token never goes in a URL.
 */
import { Router, type Request, type RequestHandler } from 'express';
import type { Server } from 'node:http';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bullPrefix } from '@crossfeed/platform/config/config.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { requireAdmin, requireAuth } from '../../auth/require-auth.ts';
import { HttpError } from '../../http/http-error.ts';

export const QUEUES_BASE_PATH = '/admin/queues';
export const QUEUES_COOKIE = 'crossfeed_admin_queues';
/** Queues this part of the code base runs, shown even before their first job. */
export const KNOWN_QUEUES = ['replay', 'premium-expiry', 'audience-score', 'waitlist-rank', 'analytics-rollup'];
const REFRESH_MS = 10_000;

function cookieToken(req: Request): string | undefined {
  const header = req.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === QUEUES_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function queueDashboard(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const prefix = bullPrefix(ctx.config);
  // The header wins; the cookie stands in for it only on /admin/queues.
  const headerOrCookie: RequestHandler = (req, _res, next) => {
    if (!req.get('authorization')) {
      const token = cookieToken(req);
      if (token) req.headers.authorization = `Bearer ${token}`;
    }
    next();
  };

  router.post(`${QUEUES_BASE_PATH}/session`, auth, requireAdmin, async (req, res) => {
    const token = (req.get('authorization') ?? '').split(' ')[1] ?? '';
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    const maxAge = Math.max(0, Math.floor((exp ?? 0) - Date.now() / 1000));
    const secure = req.secure ? '; Secure' : '';
    res.setHeader(
      'Set-Cookie',
      `${QUEUES_COOKIE}=${encodeURIComponent(token)}; Path=${QUEUES_BASE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
    );
    res.status(204).end();
  });

  const redisUrl = ctx.config.REDIS_URL;
  if (!redisUrl) {
    router.use(QUEUES_BASE_PATH, headerOrCookie, auth, requireAdmin, () => {
      throw new HttpError(
        404,
        'The queue dashboard (Bull Board) needs BullMQ: set REDIS_URL. The embedded in-process queue has no dashboard.',
      );
    });
    return router;
  }

  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUES_BASE_PATH);
  // @bull-board/express pins its own copy of @bull-board/api: same shape, separate declarations.
  type BoardAdapter = Parameters<typeof createBullBoard>[0]['serverAdapter'];
  const board = createBullBoard({ queues: [], serverAdapter: serverAdapter as unknown as BoardAdapter, options: { uiConfig: { boardTitle: 'Crossfeed queues' } } });

  // Created on the first admin request and closed with the HTTP server.
  let redis: Redis | undefined;
  const queues = new Map<string, Queue>();
  let refreshedAt = 0;
  const refresh: RequestHandler = async (req, _res, next) => {
    if (!redis) {
      const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
      connection.on('error', (error) => ctx.logger.warn({ err: error }, 'queue dashboard redis error'));
      redis = connection;
      (req.socket as unknown as { server?: Server }).server?.once('close', () => {
        void Promise.allSettled([...queues.values()].map((queue) => queue.close())).then(() => connection.quit());
      });
    }
    if (Date.now() - refreshedAt > REFRESH_MS) {
      refreshedAt = Date.now();
      const names = new Set(KNOWN_QUEUES);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*:meta`, 'COUNT', 1000);
        cursor = next;
        for (const key of keys) names.add(key.slice(prefix.length + 1, -':meta'.length));
      } while (cursor !== '0');
      for (const name of names) {
        if (!queues.has(name)) queues.set(name, new Queue(name, { connection: redis, prefix, skipMetasUpdate: true }));
      }
      board.replaceQueues([...queues.values()].sort((a, b) => a.name.localeCompare(b.name)).map((queue) => new BullMQAdapter(queue)));
    }
    next();
  };

  router.use(QUEUES_BASE_PATH, headerOrCookie, auth, requireAdmin, refresh, serverAdapter.getRouter() as Router);
  return router;
}

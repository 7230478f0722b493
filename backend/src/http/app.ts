import express, { type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from '@crossfeed/platform/logger.ts';
import { requestFinished, requestStarted } from '@crossfeed/platform/foreground.ts';
import { apiNotFound, errorHandler } from './error-handler.ts';
import { staticUi } from './static-ui.ts';

export interface AppOptions {
  logger: Logger;
  /** True once projections have caught up and workers run: `/health` answers 200 only then. */
  isReady: () => boolean;
  /** Why the server is not ready, for the 503's detail (default: starting). */
  notReadyDetail?: () => string;
  /** The built UI (frontend/dist); omitted by API-only tests. */
  uiDir?: string;
  /** Feature routers, mounted in order before the UI fallback. */
  routers?: readonly Router[];
  /** Express `trust proxy` (config TRUST_PROXY): which proxies' X-Forwarded-For is believed; none by default. */
  trustProxy?: false | number | readonly string[];
  /** Production: source maps are not served. */
  production?: boolean;
}

export const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      // Stripe's hosted checkout script (SPEC §7) and the analytics tag (page views, SPEC §2).
      'script-src': ["'self'", 'https://js.stripe.com', 'https://www.googletagmanager.com'],
      'frame-src': ["'self'", 'https://js.stripe.com', 'https://checkout.stripe.com'],
      'connect-src': ["'self'", 'ws:', 'wss:', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
      'img-src': ["'self'", 'data:', 'https:'],
    },
  },
};

/**
 * Helmet's security headers. With these options they are the same on every answer, so helmet runs once,
 * at start, against a response that records what it sets, and each request gets the recorded headers in
 * one call: the thirteen middlewares in a row cost about as much as a small API answer's own work.
 */
export function securityHeaders(): RequestHandler {
  const headers = new Map<string, string | number | readonly string[]>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, value),
    removeHeader: () => undefined,
  };
  let ran = false;
  helmet(HELMET_OPTIONS)({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    ran = true;
  });
  if (!ran || headers.size === 0) throw new Error('helmet did not set its headers synchronously');
  return (_req, res, next) => {
    res.setHeaders(headers);
    next();
  };
}

export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Nothing is trusted unless configured: req.ip is then the connection's own address, which a client
  // cannot forge with an X-Forwarded-For header (every throttle keys on it).
  const trustProxy = options.trustProxy ?? false;
  app.set('trust proxy', Array.isArray(trustProxy) ? [...trustProxy] : trustProxy);
  app.set('strict routing', false);
  // API answers are fresh on every request and small: no ETag (hashing every JSON body to produce one cost
  // more than the rare 304 it would save). The static UI sends its own caching headers (static-ui.ts).
  app.set('etag', false);
  app.use(securityHeaders());
  // Background jobs on this event loop step aside while requests are in flight (platform/src/foreground.ts).
  app.use((_req, res, next) => {
    requestStarted();
    res.once('close', requestFinished);
    next();
  });

  // JSON and form bodies (login is form-encoded); the raw bytes are kept for webhook signatures.
  app.use(
    express.json({
      limit: '100kb',
      verify: (req, _res, buffer) => {
        (req as { rawBody?: Buffer }).rawBody = buffer;
      },
    }),
  );
  app.use(express.urlencoded({ extended: false, limit: '10kb' }));

  app.get('/health', (_req, res) => {
    if (options.isReady()) res.json({ status: 'ok' });
    else res.status(503).json({ status: 'starting', detail: options.notReadyDetail?.() || 'The server is starting.' });
  });

  for (const router of options.routers ?? []) app.use(router);
  if (options.uiDir) app.use(staticUi(options.uiDir, { serveSourceMaps: !options.production }));
  app.use(apiNotFound);
  app.use(errorHandler(options.logger));
  return app;
}

import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from '@crossfeed/platform/logger.ts';
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

export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Nothing is trusted unless configured: req.ip is then the connection's own address, which a client
  // cannot forge with an X-Forwarded-For header (every throttle keys on it).
  const trustProxy = options.trustProxy ?? false;
  app.set('trust proxy', Array.isArray(trustProxy) ? [...trustProxy] : trustProxy);
  app.set('strict routing', false);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Stripe's hosted checkout script (SPEC §7) and the analytics tag (page views, SPEC §2).
          'script-src': ["'self'", 'https://js.stripe.com', 'https://www.googletagmanager.com'],
          'frame-src': ["'self'", 'https://js.stripe.com', 'https://checkout.stripe.com'],
          'connect-src': ["'self'", 'ws:', 'wss:', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
          'img-src': ["'self'", 'data:', 'https:'],
        },
      },
    }),
  );

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

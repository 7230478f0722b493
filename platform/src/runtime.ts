import { ConfigError, loadConfig, type Config } from './config/config.ts';
import { Lifecycle } from './lifecycle.ts';
import { createLogger, type Logger } from './logger.ts';
import { usePrivateUmask } from './config/private-data-dir.ts';

export interface Runtime {
  config: Config;
  logger: Logger;
  lifecycle: Lifecycle;
}

/**
 * The processes whose links and socket origin check use PUBLIC_URL, which must then be set: the split
 * `api` and `workers` services always, the one-process start in production.
 */
const needsPublicUrl = (role: string): boolean =>
  role === 'api' || role === 'workers' || (role === 'all-in-one' && process.env.NODE_ENV === 'production');

/**
 * The common start of every process: validated configuration (a bad value exits with a message naming
 * the variable), a logger, and signal handling for a graceful shutdown.
 */
export function bootstrap(role: string): Runtime {
  // Everything this process writes (DATA_DIR: events, read models, secrets, mail) is readable by its user only.
  usePrivateUmask();
  let config: Config;
  try {
    config = loadConfig(process.env, { requirePublicUrl: needsPublicUrl(role) });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`crossfeed ${role}: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, name: `crossfeed-${role}` });
  const lifecycle = new Lifecycle(logger);
  lifecycle.handleSignals();
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  return { config, logger, lifecycle };
}

/** Runs an entry point; a start-up failure is logged and exits non-zero after releasing what was opened. */
export async function runMain(runtime: Runtime, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    runtime.logger.fatal({ err: error }, error instanceof Error ? error.message : 'start-up failed');
    await runtime.lifecycle.shutdown().catch(() => undefined);
    process.exit(1);
  }
}

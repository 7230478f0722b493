import type { Logger } from './logger.ts';

type Closer = { name: string; close: () => Promise<void> | void };

/**
 * Graceful shutdown: on SIGINT/SIGTERM, runs the registered closers in reverse order of registration
 * (stop taking work first, then drain, then flush and close the stores) and exits. A second signal, or
 * a shutdown that exceeds its deadline, exits at once.
 */
export class Lifecycle {
  readonly #closers: Closer[] = [];
  readonly #logger: Logger;
  #shuttingDown: Promise<void> | undefined;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  add(name: string, close: () => Promise<void> | void): void {
    this.#closers.push({ name, close });
  }

  handleSignals(deadlineMs = 15_000): void {
    const onSignal = (signal: NodeJS.Signals) => {
      if (this.#shuttingDown) {
        this.#logger.warn({ signal }, 'second signal: exiting now');
        process.exit(1);
      }
      this.#logger.info({ signal }, 'shutting down');
      const timer = setTimeout(() => {
        this.#logger.error('shutdown deadline exceeded: exiting');
        process.exit(1);
      }, deadlineMs);
      timer.unref();
      void this.shutdown().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }

  shutdown(): Promise<void> {
    this.#shuttingDown ??= (async () => {
      let failed = false;
      for (const closer of [...this.#closers].reverse()) {
        try {
          await closer.close();
        } catch (error) {
          failed = true;
          this.#logger.error({ err: error, closer: closer.name }, 'error while shutting down');
        }
      }
      this.#logger.info('stopped');
      if (failed) throw new Error('shutdown finished with errors');
    })();
    return this.#shuttingDown;
  }
}

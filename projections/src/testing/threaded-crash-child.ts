/**
 * Child process of the threaded crash test: the read models as `npm start` opens them (appends committed
 * on the appender thread, the projections in their thread) under a write load: four loops registering
 * users, each printing `acked <userId>` once its command is durable and readable. The parent SIGKILLs it.
 * argv: <DATA_DIR>
 */
import path from 'node:path';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { loadConfig } from '@crossfeed/platform/config/config.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { Lifecycle } from '@crossfeed/platform/lifecycle.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { openReadModels } from '../runner/open-read-models.ts';

const [dataDir = ''] = process.argv.slice(2);
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const logger = createLogger({ level: 'silent' });
const lifecycle = new Lifecycle(logger);
const eventStore = createSqliteEventStore({ file: path.join(dataDir, 'events.db'), appendInThread: true });
const { createRunner } = await openReadModels({ config, logger, lifecycle }, eventStore);
const runner = createRunner();
await runner.start();
process.stdout.write('started\n');

let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (;;) {
      const userId = `crash-${next++}`;
      const { position } = await handleCommand(eventStore, userDecider, userStream(userId), {
        type: 'RegisterUser',
        data: { userId, username: userId.replace('-', ''), email: `${userId}@example.com`, passwordHash: 'argon2id$test', isAdmin: false, now: new Date().toISOString() },
      });
      if (position && (await runner.waitFor(position, 5000))) process.stdout.write(`acked ${userId}\n`);
    }
  }),
);

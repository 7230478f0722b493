/**
 * `npm run admin -- grant <username>` / `npm run admin -- revoke <username>`: the operator's way to give or
 * take admin rights. It appends AdminGranted / AdminRevoked to the user's stream through the configured
 * event store (the same DATA_DIR or EVENTSTORE_URL as the server). It may run while the server runs: the
 * SQLite log is shared safely (WAL, one writer at a time), and the server's projections pick the event up
 * by polling, so the change shows within a second. Exits 0 when done (or nothing to do), 1 for an unknown
 * user, 2 for bad usage or configuration.
 */
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { ConfigError, loadConfig } from '@crossfeed/platform/config/config.ts';
import { createEventStore } from '@crossfeed/platform/config/adapters.ts';
import { usePrivateUmask } from '@crossfeed/platform/config/private-data-dir.ts';
import { reservationOwner } from '@crossfeed/platform/reservations/reservations.ts';

const USAGE = 'Usage: npm run admin -- grant <username>\n       npm run admin -- revoke <username>';

async function main(argv: readonly string[]): Promise<number> {
  const [action, username, ...rest] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !username || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  usePrivateUmask();
  const eventStore = await createEventStore(config);
  try {
    // Usernames are unique through their reservation stream, whose owner is the user id.
    const userId = await reservationOwner(eventStore, 'username', username);
    if (!userId || (await eventStore.readStream(userStream(userId))).length === 0) {
      console.error(`No user named "${username}".`);
      return 1;
    }
    const now = new Date().toISOString();
    const result = await handleCommand(
      eventStore,
      userDecider,
      userStream(userId),
      action === 'grant' ? { type: 'GrantAdmin', data: { userId, now } } : { type: 'RevokeAdmin', data: { userId, now } },
      { metadata: { correlationId: `admin-cli-${action}` } },
    );
    if (result.events.length === 0) {
      console.log(action === 'grant' ? `${username} is already an admin; nothing changed.` : `${username} is not an admin; nothing changed.`);
    } else {
      console.log(action === 'grant' ? `Granted admin rights to ${username} (user ${userId}).` : `Revoked admin rights from ${username} (user ${userId}).`);
    }
    return 0;
  } finally {
    await eventStore.close();
  }
}

process.exitCode = await main(process.argv.slice(2));

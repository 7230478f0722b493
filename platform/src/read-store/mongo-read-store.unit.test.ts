/**
 * The MongoDB read store against a stand-in for the driver's MongoClient, for what the contract suite (run
 * only with MONGODB_URL) checks on a real server: a collection declared without indexes exists, so a rebuild
 * can rename its shadow. The stand-in answers as the server does, quoted below.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MongoServerError } from 'mongodb';
import type { MongoClient } from 'mongodb';
import { createMongoReadStore } from './mongo-read-store.ts';

/** A database holding collection names only, with the server's answers for create and rename. */
function fakeClient(): { client: MongoClient; created: string[] } {
  const names = new Set<string>();
  const created: string[] = [];
  const serverError = (code: number, codeName: string, message: string) => new MongoServerError({ ok: 0, code, codeName, errmsg: message, message });
  const db = {
    command: async () => ({ ok: 1, isWritablePrimary: true }),
    // `create` on an existing collection: "NamespaceExists" (48) on the servers that do not accept it silently.
    createCollection: async (name: string) => {
      if (names.has(name)) throw serverError(48, 'NamespaceExists', `Collection crossfeed.${name} already exists.`);
      names.add(name);
      created.push(name);
    },
    collection: (name: string) => ({
      createIndexes: async () => {
        names.add(name); // createIndexes creates the collection it names
        return [];
      },
    }),
    // `renameCollection` whose source does not exist: "NamespaceNotFound" (26), as reported in Crossfeed issue 14.
    renameCollection: async (from: string, to: string) => {
      if (!names.has(from)) throw serverError(26, 'NamespaceNotFound', `Source collection crossfeed.${from} does not exist`);
      names.delete(from);
      names.add(to);
    },
    listCollections: () => ({ toArray: async () => [...names].map((name) => ({ name, type: 'collection' })) }),
  };
  const client = { connect: async () => client, db: () => db, close: async () => undefined } as unknown as MongoClient;
  return { client, created };
}

test('a collection declared with no indexes exists, so the shadow of a rebuild can be renamed over the live one', async () => {
  const { client, created } = fakeClient();
  const store = await createMongoReadStore({ url: 'mongodb://unused', client });
  await store.ensureIndexes('analytics_premium', []);
  await store.ensureIndexes('analytics_premium__rebuild', []);
  await store.ensureIndexes('analytics_daily__rebuild', [{ key: { day: 1 } }]);
  // Declaring again (every start does) is not an error.
  await store.ensureIndexes('analytics_premium__rebuild', []);
  assert.deepEqual(created, ['analytics_premium', 'analytics_premium__rebuild', 'analytics_daily__rebuild']);
  assert.deepEqual(await store.listCollections(), ['analytics_daily__rebuild', 'analytics_premium', 'analytics_premium__rebuild']);
  await store.renameCollection('analytics_premium__rebuild', 'analytics_premium');
  assert.deepEqual(await store.listCollections(), ['analytics_daily__rebuild', 'analytics_premium']);
  await store.close();
});

/**
 * Writes `legacy-log.ndjson`: the event log of a small but complete history, made through the HTTP API of
 * a running Crossfeed of an EARLIER version (the file in git was made by commit 9229f98, the last one
 * before short streams and the SQLite read store). `legacy-log.int.test.ts` then starts the current code on
 * that log. To make it again against another version:
 *
 *   (in a checkout of that version)  DATA_DIR=/tmp/legacy SEED_DEMO=false PORT=3999 npm start
 *   node backend/src/testing/legacy-log/generate-legacy-log.ts http://localhost:3999 /tmp/legacy/events.db
 *
 * Only the API and the events table's columns are used, which every version has had.
 */
import { writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';

const [baseUrl = 'http://localhost:3999', eventsFile = './data/events.db'] = process.argv.slice(2);
const PASSWORD = 'Legacy#Passw0rd';

async function call<T = any>(method: string, path: string, options: { token?: string; json?: unknown; form?: Record<string, string>; body?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: RequestInit['body'] = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = new URLSearchParams(options.form);
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signUp(username: string, categories: string[]): Promise<{ token: string; id: string }> {
  await call('POST', '/auth/register', { json: { username, email: `${username}@legacy.example.com`, password: PASSWORD } });
  const login = await call<{ access_token: string; user: { id: string } }>('POST', '/auth/login', { form: { username, password: PASSWORD } });
  await call('POST', '/profiles/', {
    token: login.access_token,
    json: { name: username, bio: `I am ${username}.`, categories, interests: ['ai'], content_type: 'article' },
  });
  return { token: login.access_token, id: login.user.id };
}

const content = (title: string) => ({
  title,
  description: `About ${title}`,
  url: `https://example.com/${encodeURIComponent(title)}`,
  content_type: 'article',
  categories: ['technology'],
});

const ada = await signUp('legacyada', ['technology']);
const grace = await signUp('legacygrace', ['technology']);
const adaPost = (await call<{ id: string }>('POST', '/content/', { token: ada.token, json: content('Ada first post') })).id;
await call('POST', '/content/', { token: ada.token, json: content('Ada second post') });
await call('POST', '/content/', { token: grace.token, json: content('Grace post') });

const graceContacts: string[] = [];
for (const name of ['Alan', 'Barbara', 'Claude']) {
  graceContacts.push((await call<{ id: string }>('POST', '/contacts/', { token: grace.token, json: { name, email: `${name.toLowerCase()}@friends.example.com` } })).id);
}
const file = new FormData();
file.append('file', new Blob(['name,email\nDennis,dennis@friends.example.com\nEdsger,edsger@friends.example.com\n'], { type: 'text/csv' }), 'contacts.csv');
await call('POST', '/contacts/bulk', { token: grace.token, body: file });
await call('POST', '/contacts/', { token: ada.token, json: { name: 'Frances', email: 'frances@friends.example.com' } });

// Two of Grace's three Free shares of the day, and one shuffle.
await call('POST', `/content/${adaPost}/share/`, { token: grace.token, json: graceContacts.slice(0, 2) });
await call('POST', `/content/${adaPost}/share/`, { token: grace.token, json: graceContacts.slice(2) });
await call('POST', '/content/shuffle', { token: grace.token });

// Ada reads one of her two share notifications (the old layout kept reads on user-{id}).
const notifications = await call<{ id: string; is_read: boolean }[]>('GET', '/notifications/', { token: ada.token });
if (notifications.length < 2) throw new Error(`expected Ada's share notifications, got ${notifications.length}`);
await call('PUT', `/notifications/${notifications.at(-1)!.id}/read`, { token: ada.token });

await call('POST', '/audience/', { token: ada.token, json: { name: 'Newsletter', platform: 'Substack', size: 1200, engagement_rate: 4.5, notes: '' } }).catch(() => undefined);
await call('POST', '/flags/', { token: grace.token, json: { content_id: adaPost, reason: 'Looks like spam to me.' } });
const joined = await call<{ referral_code: string }>('POST', '/api/waitlist/signup', { json: { email: 'early@legacy.example.com', referred_by: null } });
await call('POST', '/api/waitlist/signup', { json: { email: 'friend@legacy.example.com', referred_by: joined.referral_code } });
await call('POST', '/auth/update-password', { token: grace.token, json: { current_password: PASSWORD, new_password: `${PASSWORD}2` } });

// Let the server settle, then dump the log.
await new Promise((resolve) => setTimeout(resolve, 500));
const db = new DatabaseSync(eventsFile, { readOnly: true });
const rows = db.prepare('SELECT id, stream, revision, type, data, metadata, created_at FROM events ORDER BY position').all();
db.close();
const out = fileURLToPath(new URL('./legacy-log.ndjson', import.meta.url));
writeFileSync(out, rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
console.log(`wrote ${rows.length} events to ${out}`);

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret taken from the environment, or generated once and kept in DATA_DIR/secrets.json (mode 600) so
 * tokens and signed webhooks stay valid across restarts of the one-command start.
 */
export function persistentSecret(dataDir: string, name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const existing = secrets[name];
  if (existing) return existing;
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ ...secrets, [name]: secret }, null, 2), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  return secret;
}

/**
 * Builds the UI (frontend/dist) only when its inputs changed since the last build, so `npm start` stays fast.
 * The inputs are hashed; the hash of the last successful build is kept in frontend/dist/.build-hash.
 * `--force` rebuilds regardless.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const FRONTEND = join(ROOT, 'frontend');
const DIST = join(FRONTEND, 'dist');
const HASH_FILE = join(DIST, '.build-hash');

// Everything that can change the bundle. The frontend imports types and rules from domain/, and the
// lockfile and base tsconfig decide which library versions and compiler settings are used.
const INPUTS = [
  'frontend/index.html',
  'frontend/vite.config.ts',
  'scripts/precompress.ts',
  'scripts/route-preloads.ts',
  'scripts/prerender.ts',
  'frontend/package.json',
  'frontend/tsconfig.json',
  'frontend/src',
  'frontend/public',
  'domain/src',
  'tsconfig.base.json',
  'package-lock.json',
];

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function computeUiHash(): string {
  const files = INPUTS.flatMap((input) => listFiles(join(ROOT, input)))
    .map((file) => relative(ROOT, file).split(sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // Name and content, each terminated, so moving bytes between files changes the hash.
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readPreviousHash(): string | null {
  try {
    return readFileSync(HASH_FILE, 'utf8').trim();
  } catch {
    return null;
  }
}

function main(): number {
  const force = process.argv.includes('--force');
  const hash = computeUiHash();
  const built = existsSync(join(DIST, 'index.html'));

  if (!force && built && readPreviousHash() === hash) {
    console.log('UI build is up to date');
    return 0;
  }

  console.log(built ? 'UI sources changed; building the UI...' : 'No UI build found; building the UI...');
  // A build that fails halfway must never leave a hash that says the half-written output is current.
  rmSync(HASH_FILE, { force: true });
  const result = spawnSync('npm', ['run', 'build', '-w', '@crossfeed/frontend'], {
    cwd: ROOT,
    stdio: 'inherit',
    // The UI is always built for production: under NODE_ENV=test (the test runner's) Vite and the React
    // plugin would emit development JSX and chunk it differently from what users are served.
    env: { ...process.env, NODE_ENV: 'production' },
    // npm is a .cmd script on Windows, which only runs through a shell.
    shell: process.platform === 'win32',
  });
  if (result.error) {
    console.error(`Could not run npm to build the UI: ${result.error.message}`);
    return 1;
  }
  if (result.status !== 0) {
    console.error(`The UI build failed (exit ${result.status ?? result.signal}).`);
    return result.status || 1;
  }
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error('The UI build finished but frontend/dist/index.html is missing.');
    return 1;
  }
  writeFileSync(HASH_FILE, `${hash}\n`);
  console.log('UI build complete');
  return 0;
}

process.exitCode = main();

/**
 * Runs the server-side test files (node:test) of every workspace, or those matching the arguments.
 * `npm run test:server -- event-store` runs only files whose path contains "event-store".
 */
import { spawnSync } from 'node:child_process';
import { glob } from 'node:fs/promises';

const SERVER_WORKSPACES = ['domain', 'platform', 'projections', 'workers', 'backend', 'bench', 'scripts'];
const filters = process.argv.slice(2);

const files: string[] = [];
for (const workspace of SERVER_WORKSPACES) {
  for await (const file of glob(`${workspace}/**/*.test.ts`, { exclude: (name) => name.includes('node_modules') })) {
    if (filters.length === 0 || filters.some((f) => file.includes(f))) files.push(file);
  }
}
files.sort();
if (files.length === 0) {
  console.error(`No test files match ${filters.join(' ') || 'the server workspaces'}.`);
  process.exit(1);
}

const result = spawnSync(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', '--test', '--test-reporter=spec', '--test-concurrency=2', '--test-timeout=300000', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);

import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts a server script in a child process (so the load generator does not share its event loop).
 * BENCH_SERVER_ARGS adds node flags to it (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a run).
 */
export function startChild(script: string, args: string[]): Promise<{ child: ChildProcess; ready: string }> {
  return new Promise((resolve, reject) => {
    const flags = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...flags, script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      // Only complete lines: the READY payload can span several chunks.
      const line = buffer.split('\n').slice(0, -1).find((l) => l.startsWith('READY '));
      if (line) resolve({ child, ready: line.slice('READY '.length) });
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

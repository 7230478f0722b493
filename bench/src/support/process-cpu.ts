/**
 * CPU time a child process spent, from Linux's /proc (utime + stime, in clock ticks of 10 ms): all its
 * threads, and its main thread (the event loop) alone. Throughput on a shared machine moves with the
 * neighbours' load; the CPU time a request costs moves much less, so the benches print both.
 * Undefined where /proc is not available.
 */
import { readFileSync } from 'node:fs';

const TICK_MS = 10;

function ticks(statFile: string): number | undefined {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are 14 and 15.
    const fields = readFileSync(statFile, 'utf8').split(')').at(-1)!.trim().split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

export interface CpuSample {
  all: number;
  main: number;
}

export function cpuSample(pid: number | undefined): CpuSample | undefined {
  if (pid === undefined) return undefined;
  const all = ticks(`/proc/${pid}/stat`);
  const main = ticks(`/proc/${pid}/task/${pid}/stat`);
  return all === undefined || main === undefined ? undefined : { all: all * TICK_MS, main: main * TICK_MS };
}

/** CPU ms per request between two samples, all threads and the event loop, e.g. `0.62 ms (event loop 0.41 ms)`. */
export function cpuPerRequest(before: CpuSample | undefined, after: CpuSample | undefined, requests: number): string {
  if (!before || !after || requests <= 0) return 'n/a';
  const all = (after.all - before.all) / requests;
  const main = (after.main - before.main) / requests;
  return `${all.toFixed(2)} ms (event loop ${main.toFixed(2)} ms)`;
}

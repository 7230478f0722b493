/**
 * The requests in flight on this process's event loop, so that bulk background work sharing the loop (the
 * share e-mails and score roll-ups of the one-process start, `givesWayToRequests`) gives way to them. Jobs
 * someone is waiting for (matching a new item, a referral credit, a confirmation e-mail) do not wait. Node has no priorities: every callback of a running job
 * queues beside those of requests, so a crowd of jobs makes every request wait its turn behind them.
 *
 * Without requests (none in flight, none answered in the last `QUIET_MS`: people send their next request a
 * moment after an answer) units of background work start at once, as many as their queues allow. With
 * requests, units (a job of the embedded queue) run one at a time, and after each the next waits in
 * proportion to the event loop's time the unit took (the main thread's CPU time over the unit, requests'
 * share of it included, so the estimate errs on the side of the requests): the background then holds about
 * `BACKGROUND_SHARE` of the loop however large its units, and a request meets one unit's callbacks at most.
 *
 * A steady stream of requests slows the background, never stops it. In a process that serves no requests
 * (the `workers` service) nothing ever waits.
 */
let inFlight = 0;
let lastFinished = Number.NEGATIVE_INFINITY;
let running = 0;
let nextStart = 0;
const queue: (() => void)[] = [];
let timer: NodeJS.Timeout | undefined;

/** How long after the last answer the loop counts as free of requests. */
export const QUIET_MS = 20;
/** About how much of the event loop background units take while requests are served. */
export const BACKGROUND_SHARE = 0.15;
/** The shortest pause between two background units while requests are served. */
export const BACKGROUND_MIN_GAP_MS = 1;

/** True while requests are in flight, or were a moment ago. */
const busy = (now: number): boolean => inFlight > 0 || now - lastFinished < QUIET_MS;

/** Called by the HTTP layer when a request arrives. */
export function requestStarted(): void {
  inFlight += 1;
}

/** Called by the HTTP layer when its answer is sent (or the connection closed). */
export function requestFinished(): void {
  inFlight = Math.max(0, inFlight - 1);
  lastFinished = performance.now();
  if (queue.length > 0 && !timer) timer = setTimeout(handOut, QUIET_MS);
}

export const requestsInFlight = (): number => inFlight;

function handOut(): void {
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  while (queue.length > 0) {
    const now = performance.now();
    if (busy(now)) {
      if (running > 0) return;
      // The next unit's turn, or the moment the loop counts as free, whichever comes first.
      const free = inFlight > 0 ? Number.POSITIVE_INFINITY : lastFinished + QUIET_MS;
      const wait = Math.min(nextStart, free) - now;
      if (wait > 0) {
        timer = setTimeout(handOut, wait);
        return;
      }
      running += 1;
      queue.shift()?.();
      return;
    }
    running += 1;
    queue.shift()?.();
  }
}

/** Runs one unit of background work when its turn comes (see above). */
export async function inBackground<Result>(unit: () => Promise<Result>): Promise<Result> {
  if (!busy(performance.now()) && queue.length === 0) running += 1;
  else {
    await new Promise<void>((resolve) => {
      queue.push(resolve);
      handOut();
    });
  }
  const cpu = process.threadCpuUsage();
  try {
    return await unit();
  } finally {
    running -= 1;
    const used = process.threadCpuUsage(cpu);
    const loopMs = (used.user + used.system) / 1000;
    nextStart = performance.now() + Math.max(BACKGROUND_MIN_GAP_MS, (loopMs * (1 - BACKGROUND_SHARE)) / BACKGROUND_SHARE);
    handOut();
  }
}

/**
 * A job processor whose every job is one unit of background work (see above): for bulk work nobody waits
 * for, which must not slow the requests of the one-process start. Elsewhere (a `workers` process serving no
 * request) it changes nothing.
 */
export function givesWayToRequests<Job, Result>(processor: (job: Job) => Promise<Result>): (job: Job) => Promise<Result> {
  return (job) => inBackground(() => processor(job));
}

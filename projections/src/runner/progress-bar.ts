import cliProgress from 'cli-progress';
import type { ReplayProgress } from './projection-runner.ts';

export interface ProgressBar {
  update(progress: ReplayProgress): void;
  stop(): void;
}

/**
 * A terminal progress bar for a rebuild or a catch-up: events done / total, events/s, ETA. `everywhere`
 * also draws it (once a second) when the output is not a terminal, as the replay CLI wants.
 */
export function createProgressBar(label: string, options: { everywhere?: boolean } = {}): ProgressBar {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label.padEnd(16)} [{bar}] {percentage}% | {value}/{total} events | {speed} ev/s | ETA {eta_text}`,
      noTTYOutput: options.everywhere === true,
      notTTYSchedule: 1000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(progress) {
      const total = Math.max(progress.total ?? progress.done, progress.done);
      const payload = {
        speed: Math.round(progress.eventsPerSecond).toLocaleString('en-US'),
        eta_text: progress.etaSeconds === undefined ? '-' : `${progress.etaSeconds.toFixed(1)}s`,
      };
      if (!started) {
        bar.start(total, progress.done, payload);
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(progress.done, payload);
      }
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}

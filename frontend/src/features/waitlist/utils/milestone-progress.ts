import { ALMOST_THERE_AT } from '../constants';

export type Milestone = { title: string; description: string; done: boolean };

/** SPEC §9 Waitlist milestones: the share done as a whole percentage; 'almost there' at 4 or more done. */
export function milestoneProgress(milestones: readonly Milestone[]): { done: number; total: number; percent: number; almostThere: boolean } {
  const total = milestones.length;
  const done = milestones.filter((milestone) => milestone.done).length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100), almostThere: done >= ALMOST_THERE_AT };
}

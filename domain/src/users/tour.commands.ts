/** Commands of the guided tour's completion (SPEC §4 Tour), decided on the account's `user-{id}` stream. */

/** The tour was finished, skipped or closed: it does not start again, on any device. */
export interface CompleteTour {
  type: 'CompleteTour';
  data: { userId: string; now: string };
}

/** Help/Tour: the tour starts again from its first step. */
export interface ResetTour {
  type: 'ResetTour';
  data: { userId: string; now: string };
}

export type TourCommand = CompleteTour | ResetTour;

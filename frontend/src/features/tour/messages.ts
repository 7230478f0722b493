/** SPEC §2 Guided tour and §4 Tour: the tour's texts. */
export const TOUR_COMPLETED = 'Guided tour completed!';

/** SPEC §2 Guided tour: the tooltip's buttons, verbatim. `last` is the primary button on the final step. */
export const TOUR_LABELS = {
  back: 'Back',
  close: 'Close',
  last: 'Finish',
  next: 'Next',
  skip: 'Skip',
} as const;

/** Read out beside the title, e.g. 'Step 2 of 13'. */
export const tourProgress = (current: number, total: number) => `Step ${current} of ${total}`;

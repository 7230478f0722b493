/** SPEC §9 timings of the waitlist page (UI-only, so they live with the feature rather than in domain/). */

/** The second toast follows the first after this delay. */
export const CONFIRM_REMINDER_DELAY_MS = 1000;
/** …and stays on screen this long. */
export const LONG_TOAST_MS = 8000;

/** The story advances one slide every 2500 ms: its progress grows in 4% steps every 100 ms. */
export const SLIDE_DURATION_MS = 2500;
export const SLIDE_TICK_MS = 100;
export const SLIDE_PROGRESS_STEP = (100 * SLIDE_TICK_MS) / SLIDE_DURATION_MS;

/** SPEC §9: 'almost there' shows once this many milestones are done. */
export const ALMOST_THERE_AT = 4;

/** The server refuses longer referral codes (backend waitlist.routes.ts REFERRAL_CODE_MAX). */
export const REFERRAL_CODE_MAX = 64;

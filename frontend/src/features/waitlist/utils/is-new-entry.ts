import type { WaitlistSignup, WaitlistSignupAnswer } from '../api/join-waitlist';

/** A new entry's sign-up answer (with the referral code), not the position-only answer of an address already on the list. */
export const isNewEntry = (answer: WaitlistSignupAnswer): answer is WaitlistSignup & { entry_token?: string } => 'referral_code' in answer;

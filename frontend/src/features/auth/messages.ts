/** SPEC §8 texts shared by the auth forms (the validation messages come from domain's MESSAGES). */
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again later.';

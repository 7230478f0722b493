/** SPEC §8 Content and sharing: the Flag texts. */
export const FLAG_SUCCESS = 'Content flagged successfully.';
export const FLAG_FAILED = 'Failed to flag content.';

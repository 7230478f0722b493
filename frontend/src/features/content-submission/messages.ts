/** SPEC §2 Add New Content, §5 Add content, §8 Submission: the submission modal's texts. */
export const ADD_CONTENT_TITLE = 'Add New Content';
export const CONTENT_ADDED = 'Content added successfully!';
export const CONTENT_ADD_FAILED = 'Failed to add content.';
export const SUBMISSION_INFO_FAILED = 'Failed to fetch submission info.';
export const SUBMISSION_INFO_LOADING = 'Loading submission info...';
export const CONTENT_TYPES_FAILED = 'Failed to load content types.';
export const CONTENT_TYPES_LOADING = 'Loading content types...';
/** SPEC §4 Submission: a remaining count of -1 or less shows this. */
export const UNLIMITED = 'Unlimited';

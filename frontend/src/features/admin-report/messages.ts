/** SPEC §2 Admin report, §4 Content moderation status, §5 Admin and §8 Admin: the admin report's texts. */
export const ADMIN_REPORT_MESSAGES = {
  accessDenied: 'Access Denied.',
  loading: 'Loading flags...',
  empty: 'No content has been flagged.',
  noMatch: 'No flagged content of this type.',
  fetchFailed: 'Failed to fetch flags.',
  flagDeleted: 'Flag deleted successfully.',
  contentDeleted: 'Content deleted successfully.',
  statusUpdated: 'Content status updated successfully.',
  confirmDeleteFlag: 'Are you sure you want to delete this flag?',
  confirmDeleteContent: 'Are you sure you want to delete this content? All of its flags are deleted with it.',
  contentApproved: 'Content approved.',
  removalReasonLabel: 'Reason for the owner (optional)',
  removalReasonPlaceholder: "Without one, the owner is told the flags' reasons.",
  outcomeTitle: 'Content under review',
  outcomeKeep: 'Keep status',
  outcomeApprove: 'Approve content',
  outcomeKeepHint: 'Content whose status is kept stays listed under Moderated content.',
  moderatedLoading: 'Loading moderated content...',
  moderatedEmpty: 'No content has been moderated.',
  moderatedNoMatch: 'No moderated content with this status.',
  moderatedFetchFailed: 'Failed to fetch moderated content.',
} as const;

/** What the admin is asked when deleting leaves content under review without an open flag. */
export const outcomeQuestion = (what: { title: string } | { count: number }) =>
  'title' in what
    ? `This is the last flag on "${what.title}", which is under review. Approve the content, or keep its status?`
    : `Deleting ${what.count === 1 ? 'the selected flag' : `the ${what.count} selected flags`} leaves content under review without a flag. Approve that content, or keep its status?`;

export const confirmStatusChange = (status: string) => `Are you sure you want to change the status to "${status}"?`;
export const confirmBulkDelete = (count: number) =>
  `Are you sure you want to delete ${count === 1 ? 'the selected flag' : `the ${count} selected flags`}?`;
export const deleteFlagFailed = (message: string) => `Failed to delete flag: ${message}`;
export const bulkDeleteFailed = (message: string) => `Failed to delete flags: ${message}`;
export const deleteContentFailed = (message: string) => `Failed to delete content: ${message}`;
export const statusUpdateFailed = (message: string) => `Failed to update content status: ${message}`;
export const flagsDeleted = (count: number) => (count === 1 ? '1 flag deleted successfully.' : `${count} flags deleted successfully.`);
export const newFlagAnnouncement = (title: string) => `New flag: ${title}`;

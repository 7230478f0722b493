/** SPEC §5 Sharing and §8 Content and sharing: the share modal's texts. */
export const CONTACTS_FETCH_FAILED = 'Failed to fetch contacts.';
export const SELECT_A_CONTACT = 'Please select at least one contact to share with.';
export const SHARE_SUCCESS = 'Content shared successfully!';
export const SHARE_FAILED = 'Failed to share content.';
/** The server's 429 detail contains this when a free user has used the day's shares. */
export const DAILY_LIMIT_MARKER = 'Daily share limit reached';
export const DAILY_LIMIT_REACHED = 'Daily share limit reached. Upgrade to premium for unlimited sharing.';

/** The exchange (docs/exchange.md): why a contact cannot be chosen, whom a share reached, what it released. */
export const TARGET_REASONS = {
  already_shared: 'Already has this content',
  daily_limit: 'Reached today\'s share limit',
} as const;
export const sharedWith = (names: readonly string[]): string => `Shared with ${names.join(', ')}.`;
export const releasedToExchange = (title: string): string => `\u201c${title}\u201d was released to the exchange.`;
export const matchProgressText = (delivered: number, required: number): string => `Match progress: ${delivered} / ${required} delivered shares.`;
export const sentSharesTitle = (count: number): string => `You shared this content ${count === 1 ? 'once' : `${count} times`} before`;

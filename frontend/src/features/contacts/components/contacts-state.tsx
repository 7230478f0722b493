import type { ReactNode } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { Contact } from '@/lib/api/contacts';
import { CONTACTS_EMPTY, CONTACTS_LOADING } from '../messages';

export type ContactsListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `total`: how many the user has in all; `loadingMore` while the next page is on its way. */
  | { status: 'ready'; contacts: Contact[]; total: number; loadingMore: boolean };

type ContactsStateViewProps = {
  state: ContactsListState;
  onRetry: () => void;
  /** Fetches the next page (offered while fewer than the total are listed). */
  onLoadMore: () => void;
  /** Rendered with the contacts once there is at least one. */
  children: (contacts: Contact[]) => ReactNode;
};

/**
 * The loading, error (with Retry) and empty states shared by the View Contacts and Audience Scores tabs,
 * and "Load more" under the list.
 */
export function ContactsStateView({ state, onRetry, onLoadMore, children }: ContactsStateViewProps) {
  if (state.status === 'loading') return <p role="status">{CONTACTS_LOADING}</p>;
  if (state.status === 'error') {
    return <RetryAlert className="contacts-error" message={state.message} onRetry={onRetry} />;
  }
  if (state.contacts.length === 0) return <p className="modal-empty">{CONTACTS_EMPTY}</p>;
  return (
    <>
      {children(state.contacts)}
      <LoadMore shown={state.contacts.length} total={state.total} loading={state.loadingMore} onLoadMore={onLoadMore} what="contacts" />
    </>
  );
}

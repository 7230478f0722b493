import type { ReactNode } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { Contact } from '@/lib/api/contacts';
import { errorMessage } from '@/lib/api-client';
import type { PagedList } from '@/lib/query/use-paged-list';
import { CONTACTS_EMPTY, CONTACTS_FETCH_FAILED, CONTACTS_LOADING } from '../messages';

type ContactsStateViewProps = {
  list: PagedList<Contact>;
  /** Fetches the next page (offered while fewer than the total are listed). */
  onLoadMore: () => void;
  /** Rendered with the contacts once there is at least one. */
  children: (contacts: Contact[]) => ReactNode;
};

/**
 * The loading, error (with Retry) and empty states shared by the View Contacts and Audience Scores tabs,
 * and "Load more" under the list.
 */
export function ContactsStateView({ list, onLoadMore, children }: ContactsStateViewProps) {
  if (list.status === 'loading') return <p role="status">{CONTACTS_LOADING}</p>;
  if (list.status === 'error') {
    return <RetryAlert className="contacts-error" message={errorMessage(list.error, CONTACTS_FETCH_FAILED)} onRetry={list.reload} />;
  }
  if (list.items.length === 0) return <p className="modal-empty">{CONTACTS_EMPTY}</p>;
  return (
    <>
      {children(list.items)}
      <LoadMore shown={list.items.length} total={list.total} loading={list.loadingMore} onLoadMore={onLoadMore} what="contacts" />
    </>
  );
}

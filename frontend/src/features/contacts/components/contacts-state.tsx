import type { ReactNode } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { Contact } from '@/lib/api/contacts';
import { CONTACTS_EMPTY, CONTACTS_LOADING } from '../messages';

export type ContactsListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; contacts: Contact[] };

type ContactsStateViewProps = {
  state: ContactsListState;
  onRetry: () => void;
  /** Rendered with the contacts once there is at least one. */
  children: (contacts: Contact[]) => ReactNode;
};

/** The loading, error (with Retry) and empty states shared by the View Contacts and Audience Scores tabs. */
export function ContactsStateView({ state, onRetry, children }: ContactsStateViewProps) {
  if (state.status === 'loading') return <p role="status">{CONTACTS_LOADING}</p>;
  if (state.status === 'error') {
    return <RetryAlert className="contacts-error" message={state.message} onRetry={onRetry} />;
  }
  if (state.contacts.length === 0) return <p className="modal-empty">{CONTACTS_EMPTY}</p>;
  return <>{children(state.contacts)}</>;
}

import { useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/form-message';
import { SelectionToolbar } from '@/components/ui/selection-toolbar';
import { errorMessage } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import { batchDeleteContacts } from '../api/batch-delete-contacts';
import { deleteContact } from '../api/delete-contact';
import type { Contact } from '@/lib/api/contacts';
import {
  CONTACT_DELETE_CONFIRM,
  CONTACT_DELETE_FAILED,
  CONTACT_DELETED,
  CONTACTS_BATCH_DELETE_FAILED,
  CONTACTS_BATCH_PREMIUM,
  CONTACT_STATUS_LABELS,
  contactsBatchDeleteQuestion,
} from '../messages';

type ContactsTableProps = {
  contacts: Contact[];
  /** After the server deleted the contact: the modal drops it and refetches. */
  onDeleted: (id: string) => void;
  /** After a batch delete (Premium): the modal drops them all and refetches. */
  onBatchDeleted?: (ids: string[]) => void;
};

function TrashIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * SPEC §2 Contacts, tab 'View Contacts': name, email (with its status beside a contact shares can no longer
 * e-mail: 'Unsubscribed', 'Bounced', or suppressed by the creator's imported list) and a delete action.
 * Deleting first asks 'Are you sure you want to delete this contact?' (SPEC §5 Contact) in a row under the
 * contact.
 */
export function ContactsTable({ contacts, onDeleted, onBatchDeleted }: ContactsTableProps) {
  const isPremium = useAppStore(selectIsPremium);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [batch, setBatch] = useState<{ busy: boolean; error: string | null } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());

  // The question takes the focus, so a keyboard user answers it next.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const cancel = (id: string) => {
    setConfirming(null);
    deleteButtons.current.get(id)?.focus();
  };

  const confirmDelete = async (contact: Contact) => {
    if (deleting) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteContact(contact.id);
      toast.success(CONTACT_DELETED, { toastId: 'contact-deleted' });
      setConfirming(null);
      onDeleted(contact.id);
    } catch (failure) {
      setError(errorMessage(failure, CONTACT_DELETE_FAILED));
      toast.error(CONTACT_DELETE_FAILED, { toastId: 'contact-delete-failed' });
    } finally {
      setDeleting(false);
    }
  };

  // Ids no longer listed (deleted elsewhere, refetched) simply drop out of the selection.
  const selected = contacts.filter((contact) => selectedIds.has(contact.id));
  const allSelected = contacts.length > 0 && selected.length === contacts.length;
  const toggle = (id: string, on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** One request for the whole selection: all deleted, or none (the server's detail names the unknown ones). */
  const confirmBatchDelete = async () => {
    if (batch?.busy) return;
    setBatch({ busy: true, error: null });
    try {
      const result = await batchDeleteContacts(selected.map((contact) => contact.id));
      toast.success(result.message, { toastId: 'contacts-batch-deleted' });
      setBatch(null);
      setSelectedIds(new Set());
      onBatchDeleted?.(result.deleted);
    } catch (failure) {
      setBatch({ busy: false, error: errorMessage(failure, CONTACTS_BATCH_DELETE_FAILED) });
    }
  };

  return (
    <>
      <FormMessage tone="error">{error}</FormMessage>
      {isPremium ? null : <p className="contacts-batch-hint">{CONTACTS_BATCH_PREMIUM}</p>}
      <SelectionToolbar count={selected.length} what="contacts" onClear={() => setSelectedIds(new Set())} busy={batch?.busy ?? false}>
        <button type="button" className="button button-danger button-small" disabled={batch?.busy ?? false} onClick={() => setBatch({ busy: false, error: null })}>
          Delete
        </button>
      </SelectionToolbar>
      <ConfirmDialog
        open={batch !== null}
        title="Delete contacts"
        confirmLabel="Delete"
        danger
        busyLabel="Deleting..."
        message={contactsBatchDeleteQuestion(selected.length)}
        busy={batch?.busy ?? false}
        error={batch?.error ?? null}
        onConfirm={() => void confirmBatchDelete()}
        onCancel={() => setBatch(null)}
      />
      <div className="contacts-scroll">
        <table className="contacts-table">
          <caption className="visually-hidden">Your contacts</caption>
          <thead>
            <tr>
              {isPremium ? (
                <th scope="col" className="contacts-select">
                  <label className="selection-check">
                    <input
                      type="checkbox"
                      aria-label="Select all contacts"
                      checked={allSelected}
                      ref={(input) => {
                        if (input) input.indeterminate = selected.length > 0 && !allSelected;
                      }}
                      onChange={(event) => setSelectedIds(event.target.checked ? new Set(contacts.map((contact) => contact.id)) : new Set())}
                    />
                  </label>
                </th>
              ) : null}
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {contacts.map((contact) => (
              <ContactRow
                key={contact.id}
                contact={contact}
                selectable={isPremium}
                selected={selectedIds.has(contact.id)}
                onSelect={(on) => toggle(contact.id, on)}
                confirming={confirming === contact.id}
                deleting={deleting}
                cancelRef={cancelRef}
                deleteButtonRef={(element) => {
                  if (element) deleteButtons.current.set(contact.id, element);
                  else deleteButtons.current.delete(contact.id);
                }}
                onAsk={() => {
                  setError(null);
                  setConfirming(contact.id);
                }}
                onCancel={() => cancel(contact.id)}
                onConfirm={() => void confirmDelete(contact)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type ContactRowProps = {
  contact: Contact;
  /** Premium: a checkbox for batch actions leads the row. */
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  confirming: boolean;
  deleting: boolean;
  cancelRef: RefObject<HTMLButtonElement | null>;
  deleteButtonRef: (element: HTMLButtonElement | null) => void;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
};

function ContactRow({ contact, selectable, selected, onSelect, confirming, deleting, cancelRef, deleteButtonRef, onAsk, onCancel, onConfirm }: ContactRowProps) {
  return (
    <>
      <tr className={selected ? 'contacts-row-selected' : undefined}>
        {selectable ? (
          <td className="contacts-select">
            <label className="selection-check">
              <input type="checkbox" aria-label={`Select ${contact.name}`} checked={selected} onChange={(event) => onSelect(event.target.checked)} />
            </label>
          </td>
        ) : null}
        <td className="contacts-name">{contact.name}</td>
        <td className="contacts-email">
          {contact.email}
          {contact.status && contact.status !== 'active' && contact.status in CONTACT_STATUS_LABELS ? (
            <>
              {' '}
              <span className={`contacts-status contacts-status-${contact.status}`}>{CONTACT_STATUS_LABELS[contact.status]}</span>
            </>
          ) : null}
        </td>
        <td className="contacts-actions">
          <button
            ref={deleteButtonRef}
            type="button"
            className="button button-ghost button-small contacts-delete"
            aria-label={`Delete ${contact.name}`}
            aria-expanded={confirming}
            disabled={deleting}
            onClick={onAsk}
          >
            <TrashIcon />
            <span aria-hidden="true">Delete</span>
          </button>
        </td>
      </tr>
      {confirming ? (
        <tr className="contacts-confirm-row">
          <td colSpan={selectable ? 4 : 3}>
            <div className="contacts-confirm" role="group" aria-label={`Delete ${contact.name}`}>
              <p>{CONTACT_DELETE_CONFIRM}</p>
              <div className="contacts-confirm-actions">
                <button ref={cancelRef} type="button" className="button button-ghost button-small" disabled={deleting} onClick={onCancel}>
                  Cancel
                </button>
                <button type="button" className="button button-danger button-small" disabled={deleting} onClick={onConfirm}>
                  {deleting ? 'Deleting...' : 'Yes, delete'}
                </button>
              </div>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

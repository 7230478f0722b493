import { useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { FormMessage } from '@/components/ui/form-message';
import { errorMessage } from '@/lib/api-client';
import { deleteContact } from '../api/delete-contact';
import type { Contact } from '@/lib/api/contacts';
import { CONTACT_DELETE_CONFIRM, CONTACT_DELETE_FAILED, CONTACT_DELETED } from '../messages';

type ContactsTableProps = {
  contacts: Contact[];
  /** After the server deleted the contact: the modal drops it and refetches. */
  onDeleted: (id: string) => void;
};

function TrashIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * SPEC §2 Contacts, tab 'View Contacts': name, email and a delete action. Deleting first asks
 * 'Are you sure you want to delete this contact?' (SPEC §5 Contact) in a row under the contact.
 */
export function ContactsTable({ contacts, onDeleted }: ContactsTableProps) {
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

  return (
    <>
      <FormMessage tone="error">{error}</FormMessage>
      <div className="contacts-scroll">
        <table className="contacts-table">
          <caption className="visually-hidden">Your contacts</caption>
          <thead>
            <tr>
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
  confirming: boolean;
  deleting: boolean;
  cancelRef: RefObject<HTMLButtonElement | null>;
  deleteButtonRef: (element: HTMLButtonElement | null) => void;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
};

function ContactRow({ contact, confirming, deleting, cancelRef, deleteButtonRef, onAsk, onCancel, onConfirm }: ContactRowProps) {
  return (
    <>
      <tr>
        <td className="contacts-name">{contact.name}</td>
        <td className="contacts-email">{contact.email}</td>
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
          <td colSpan={3}>
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

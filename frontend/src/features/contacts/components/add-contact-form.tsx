import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormMessage } from '@/components/ui/form-message';
import { errorMessage } from '@/lib/api-client';
import { addContact } from '../api/add-contact';
import { CONTACT_ADD_FAILED, CONTACT_ADDED } from '../messages';
import { validateContact } from '../utils/contact-rules';

export type ContactDraft = { name: string; email: string };

type AddContactFormProps = {
  /** Held by the modal so that switching tabs keeps what was typed. */
  draft: ContactDraft;
  onDraftChange: (draft: ContactDraft) => void;
  /** After the server added the contact (the modal refetches the list). */
  onAdded: () => void;
};

/** SPEC §2 Contacts, tab 'Add Contact': the single form (name, email), checked by SPEC §5 Contact. */
export function AddContactForm({ draft, onDraftChange, onAdded }: AddContactFormProps) {
  const nameId = useId();
  const emailId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof ContactDraft, value: string) => {
    setError(null);
    onDraftChange({ ...draft, [field]: value });
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateContact(draft.name, draft.email);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addContact({ name: draft.name.trim(), email: draft.email.trim() });
      toast.success(CONTACT_ADDED, { toastId: 'contact-added' });
      onDraftChange({ name: '', email: '' });
      onAdded();
    } catch (failure) {
      // The server's reason (e.g. the email is already a contact) stays under the form.
      setError(errorMessage(failure, CONTACT_ADD_FAILED));
      toast.error(CONTACT_ADD_FAILED, { toastId: 'contact-add-failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="contacts-form" aria-label="Add contact" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <div className="form-field">
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          name="name"
          autoComplete="off"
          required
          value={draft.name}
          disabled={busy}
          onChange={(event) => change('name', event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          name="email"
          type="email"
          autoComplete="off"
          required
          value={draft.email}
          disabled={busy}
          onChange={(event) => change('email', event.target.value)}
        />
      </div>
      <FormMessage tone="error">{error}</FormMessage>
      <div className="contacts-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add Contact'}
        </button>
      </div>
    </form>
  );
}

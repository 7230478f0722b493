import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormMessage } from '@/components/ui/form-message';
import { errorMessage } from '@/lib/api-client';
import { uploadContacts, type UploadContactsResult } from '../api/upload-contacts';
import { CONTACTS_UPLOAD_FAILED, CONTACTS_UPLOADED } from '../messages';
import { CONTACT_FILE_ACCEPT, readUploadResult, validateContactFile } from '../utils/contact-rules';

type BulkUploadFormProps = {
  /** After the server took the file (the modal refetches the list). */
  onUploaded: () => void;
};

type Result = Pick<UploadContactsResult, 'added' | 'rejected'>;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * SPEC §2 Contacts, the bulk upload toggle: a .csv or .json file sent to POST /contacts/bulk. Shows what
 * the server did: how many contacts it added and each row it skipped, with the row's email and reason.
 */
export function BulkUploadForm({ onUploaded }: BulkUploadFormProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateContactFile(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(readUploadResult(await uploadContacts(file)));
      toast.success(CONTACTS_UPLOADED, { toastId: 'contacts-uploaded' });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      onUploaded();
    } catch (failure) {
      // A malformed file is refused whole; the server says why (bad header, too large, ...).
      setError(errorMessage(failure, CONTACTS_UPLOAD_FAILED));
      toast.error(CONTACTS_UPLOAD_FAILED, { toastId: 'contacts-upload-failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="contacts-form" aria-label="Upload contacts" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <div className="form-field">
        <label htmlFor={inputId}>Contacts file (.csv or .json)</label>
        <input
          ref={inputRef}
          id={inputId}
          name="file"
          type="file"
          accept={CONTACT_FILE_ACCEPT}
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => {
            setError(null);
            setFile(event.target.files?.[0] ?? null);
          }}
        />
        <p id={hintId} className="contacts-hint">
          A CSV file with a header row of name and email, or a JSON list of objects with name and email.
        </p>
      </div>
      <FormMessage tone="error">{error}</FormMessage>
      {result ? (
        <div className="contacts-upload-result" role="status">
          <p>
            {plural(result.added, 'contact added', 'contacts added')}, {plural(result.rejected.length, 'row skipped', 'rows skipped')}.
          </p>
          {result.rejected.length > 0 ? (
            <ul className="contacts-rejected" aria-label="Skipped rows">
              {result.rejected.map((entry) => (
                <li key={`${entry.row}-${entry.email}`}>
                  Row {entry.row}
                  {entry.email ? ` (${entry.email})` : ''}: {entry.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="contacts-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </form>
  );
}

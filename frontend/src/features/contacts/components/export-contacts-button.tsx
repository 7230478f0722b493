import { useState } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { exportContacts } from '../api/export-contacts';
import { CONTACTS_EXPORT, CONTACTS_EXPORT_FAILED, CONTACTS_EXPORTING } from '../messages';

/** View Contacts: downloads every contact (not only the rows listed) as contacts.csv. */
export function ExportContactsButton({ disabled }: { disabled: boolean }) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await exportContacts();
    } catch (failure) {
      toast.error(errorMessage(failure, CONTACTS_EXPORT_FAILED), { toastId: 'contacts-export-failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="button button-ghost button-small" disabled={disabled || busy} onClick={() => void download()}>
      {busy ? CONTACTS_EXPORTING : CONTACTS_EXPORT}
    </button>
  );
}

import { useEffect, useId, useState } from 'react';
import { useAppStore } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import { toast } from '@/lib/toast';
import { Modal } from '@/components/ui/modal';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { CONTACTS_KEY, getContacts, type Contact } from '@/lib/api/contacts';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { updatePagedList, usePagedList, type FetchPage } from '@/lib/query/use-paged-list';
import { CONTACTS_FETCH_FAILED, CONTACTS_TITLE } from '../messages';
import { AddContactForm, type ContactDraft } from './add-contact-form';
import { AudienceScoresTable } from './audience-scores-table';
import { BulkUploadForm } from './bulk-upload-form';
import { ContactsStateView } from './contacts-state';
import { ContactsTable } from './contacts-table';
import { ExportContactsButton } from './export-contacts-button';
import '../contacts.css';

type ContactsModalProps = {
  open: boolean;
  onClose: () => void;
  /** Contact Quality Scoring is Premium (SPEC §2 Pricing): a Free user's Upgrade opens the plan window. */
  onUpgrade?: () => void;
};

/** Shown in place of the scores to a Free user. */
export const SCORES_PREMIUM = 'Contact Quality Scoring is a Premium feature: see which of your contacts engage most with what you share.';

const TABS = [
  { id: 'add', label: 'Add Contact' },
  { id: 'view', label: 'View Contacts' },
  { id: 'scores', label: 'Audience Scores' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const EMPTY_DRAFT: ContactDraft = { name: '', email: '' };

const CONTACTS_LIST_KEY = [...CONTACTS_KEY, 'manage'] as const;

/** A failed read of the list is toasted as well as shown in place (a failed "Load more" only toasts). */
const fetchContacts: FetchPage<Contact> = (cursor, signal) =>
  getContacts(cursor, signal).catch((error: unknown) => {
    if (cursor.offset === 0 && !signal.aborted) toast.error(errorMessage(error, CONTACTS_FETCH_FAILED), { toastId: 'contacts-fetch-failed' });
    throw error;
  });

/**
 * SPEC §2 Contacts: tabs 'Add Contact' (a single form, or a bulk upload toggle), 'View Contacts' (name,
 * email, delete; Export CSV) and 'Audience Scores' (name, email, score out of 100 with a bar, or N/A). Each
 * opening starts on 'Add Contact' and fetches the contacts; adding, uploading and deleting fetch them again.
 */
export function ContactsModal({ open, onClose, onUpgrade }: ContactsModalProps) {
  const isPremium = useAppStore(selectIsPremium);
  const idPrefix = `contacts${useId().replace(/:/g, '')}`;
  const [tab, setTab] = useState<TabId>('add');
  const [bulk, setBulk] = useState(false);
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_DRAFT);
  const list = usePagedList(CONTACTS_LIST_KEY, fetchContacts, { enabled: open });

  useEffect(() => {
    if (!open) return;
    setTab('add');
    setBulk(false);
    setDraft(EMPTY_DRAFT);
  }, [open]);

  /** The next page after the listed rows; a failure keeps them and toasts. */
  const loadMore = async () => {
    try {
      await list.loadMore();
    } catch (error) {
      toast.error(errorMessage(error, CONTACTS_FETCH_FAILED), { toastId: 'contacts-fetch-failed' });
    }
  };

  // After a change the rows stay on screen while as many as are listed are asked again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
  const removeRows = (ids: string[]) => {
    const gone = new Set(ids);
    updatePagedList<Contact>(CONTACTS_LIST_KEY, ({ items, total }) => ({ items: items.filter((contact) => !gone.has(contact.id)), total: Math.max(0, total - gone.size) }));
    refresh();
  };
  const removeRow = (id: string) => removeRows([id]);

  let panel;
  if (tab === 'add') {
    panel = (
      <div className="contacts-add">
        <label className="checkbox contacts-bulk-toggle">
          <input type="checkbox" role="switch" checked={bulk} onChange={(event) => setBulk(event.target.checked)} />
          Bulk upload
        </label>
        {bulk ? <BulkUploadForm onUploaded={refresh} /> : <AddContactForm draft={draft} onDraftChange={setDraft} onAdded={refresh} />}
      </div>
    );
  } else if (tab === 'view') {
    panel = (
      <>
        <div className="contacts-toolbar">
          <ExportContactsButton disabled={list.status !== 'ready' || list.total === 0} />
        </div>
        <ContactsStateView list={list} onLoadMore={() => void loadMore()}>
          {(contacts) => <ContactsTable contacts={contacts} onDeleted={removeRow} onBatchDeleted={removeRows} />}
        </ContactsStateView>
      </>
    );
  } else if (!isPremium) {
    panel = (
      <div className="contacts-upsell">
        <p>{SCORES_PREMIUM}</p>
        {onUpgrade ? (
          <button type="button" className="button button-primary button-small" onClick={onUpgrade}>
            Upgrade to Premium
          </button>
        ) : null}
      </div>
    );
  } else {
    panel = (
      <ContactsStateView list={list} onLoadMore={() => void loadMore()}>
        {(contacts) => <AudienceScoresTable contacts={contacts} />}
      </ContactsStateView>
    );
  }

  return (
    <Modal open={open} onClose={onClose} title={CONTACTS_TITLE} className="modal-wide">
      <div className="contacts-modal">
        <TabList label={CONTACTS_TITLE} tabs={TABS} selected={tab} onSelect={setTab} idPrefix={idPrefix} tabClassName="tab contacts-tab" />
        {TABS.map(({ id }) => (
          // Only the selected tab's panel has content; the others stay empty and hidden.
          <TabPanel key={id} idPrefix={idPrefix} id={id} hidden={id !== tab} className="contacts-panel">
            {id === tab ? panel : null}
          </TabPanel>
        ))}
      </div>
    </Modal>
  );
}

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useAppStore } from '@/stores/app-store';
import { selectIsPremium } from '@/stores/session-selectors';
import { toast } from '@/lib/toast';
import { Modal } from '@/components/ui/modal';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { getContacts } from '@/lib/api/contacts';
import { errorMessage } from '@/lib/api-client';
import { appendPage, PAGE_SIZE, refreshLimit } from '@/lib/paging';
import { CONTACTS_FETCH_FAILED, CONTACTS_TITLE } from '../messages';
import { AddContactForm, type ContactDraft } from './add-contact-form';
import { AudienceScoresTable } from './audience-scores-table';
import { BulkUploadForm } from './bulk-upload-form';
import { ContactsStateView, type ContactsListState } from './contacts-state';
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
  const [list, setList] = useState<ContactsListState>({ status: 'loading' });
  const requestRef = useRef<AbortController | null>(null);
  const moreRef = useRef<AbortController | null>(null);
  /** How many rows are listed, for a refetch to ask for as many (a ref: the callbacks stay stable). */
  const shownRef = useRef(0);
  shownRef.current = list.status === 'ready' ? list.contacts.length : 0;

  /**
   * A refetch after a change keeps the current rows on screen instead of flashing 'Loading contacts...',
   * and asks for as many rows as are listed, so the pages already loaded stay.
   */
  const loadContacts = useCallback(async (keepRows: boolean) => {
    requestRef.current?.abort();
    moreRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    if (!keepRows) setList({ status: 'loading' });
    try {
      const limit = keepRows ? refreshLimit(shownRef.current) : PAGE_SIZE;
      const { items, total } = await getContacts({ offset: 0, limit }, controller.signal);
      if (controller.signal.aborted) return;
      setList({ status: 'ready', contacts: Array.isArray(items) ? items : [], total, loadingMore: false });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = errorMessage(error, CONTACTS_FETCH_FAILED);
      setList({ status: 'error', message });
      toast.error(message, { toastId: 'contacts-fetch-failed' });
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    setTab('add');
    setBulk(false);
    setDraft(EMPTY_DRAFT);
    void loadContacts(false);
    return () => {
      requestRef.current?.abort();
      requestRef.current = null;
      moreRef.current?.abort();
      moreRef.current = null;
    };
  }, [open, loadContacts]);

  /** The next page after the listed rows; a failure keeps them and toasts. */
  const loadMore = async () => {
    if (list.status !== 'ready' || list.loadingMore) return;
    const controller = new AbortController();
    moreRef.current = controller;
    setList({ ...list, loadingMore: true });
    try {
      const { items, total } = await getContacts({ offset: list.contacts.length, limit: PAGE_SIZE }, controller.signal);
      if (controller.signal.aborted) return;
      setList((current) =>
        current.status === 'ready'
          ? { status: 'ready', contacts: appendPage(current.contacts, Array.isArray(items) ? items : []), total, loadingMore: false }
          : current,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      setList((current) => (current.status === 'ready' ? { ...current, loadingMore: false } : current));
      toast.error(errorMessage(error, CONTACTS_FETCH_FAILED), { toastId: 'contacts-fetch-failed' });
    }
  };

  const refresh = () => void loadContacts(true);
  const retry = () => void loadContacts(false);
  const removeRow = (id: string) => {
    setList((current) =>
      current.status === 'ready'
        ? { ...current, contacts: current.contacts.filter((contact) => contact.id !== id), total: Math.max(0, current.total - 1) }
        : current,
    );
    refresh();
  };
  const removeRows = (ids: string[]) => {
    const gone = new Set(ids);
    setList((current) =>
      current.status === 'ready'
        ? { ...current, contacts: current.contacts.filter((contact) => !gone.has(contact.id)), total: Math.max(0, current.total - gone.size) }
        : current,
    );
    refresh();
  };

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
        <ContactsStateView state={list} onRetry={retry} onLoadMore={() => void loadMore()}>
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
      <ContactsStateView state={list} onRetry={retry} onLoadMore={() => void loadMore()}>
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

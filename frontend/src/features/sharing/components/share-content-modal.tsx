import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { FormMessage } from '@/components/ui/form-message';
import { LoadMore } from '@/components/ui/load-more';
import { Modal } from '@/components/ui/modal';
import { RetryAlert } from '@/components/ui/retry-alert';
import { getContacts, type Contact } from '@/lib/api/contacts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { appendPage, PAGE_SIZE } from '@/lib/paging';
import { getShareTargets, type ShareTargetState } from '../api/get-share-targets';
import { shareContent, type ShareContentResponse } from '../api/share-content';
import { SentShares } from './sent-shares';
import {
  CONTACTS_FETCH_FAILED,
  DAILY_LIMIT_MARKER,
  DAILY_LIMIT_REACHED,
  SELECT_A_CONTACT,
  SHARE_FAILED,
  SHARE_SUCCESS,
  TARGET_REASONS,
  matchProgressText,
  releasedToExchange,
  sharedWith,
} from '../messages';
import '../sharing.css';

export type ShareableContent = { id: string; title: string; description: string };

type ShareContentModalProps = {
  open: boolean;
  /** The content to share; null shows 'No content selected.' */
  content: ShareableContent | null;
  onClose: () => void;
  /** After a successful share, before the modal closes (e.g. to refresh share counts). */
  onShared: () => void;
  /**
   * Called when the server refuses with 'Daily share limit reached' (SPEC §8), after the toast and after
   * this modal has closed itself. The composing route opens the Premium upsell here: features do not
   * import each other, so this modal cannot render it.
   */
  onDailyLimit?: () => void;
  /**
   * An extra section under the contacts (the route passes auto-scheduling's "Schedule for later"), given the
   * contacts chosen so far; `close` closes this modal.
   */
  renderExtra?: (selection: { contentId: string; contactIds: readonly string[]; close: () => void }) => ReactNode;
  /**
   * The next step from 'No contacts available.': the composing route closes this modal and opens the
   * Contacts panel (without it the empty state has no button).
   */
  onAddContacts?: () => void;
};

type ContactsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; contacts: Contact[]; total: number; loadingMore: boolean };

const isDailyLimit = (error: unknown) => error instanceof ApiError && (error.detail ?? '').includes(DAILY_LIMIT_MARKER);
/** 409: the share would reach nobody new; the detail names the contacts. */
const isNobodyNew = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409;

/** Whether each listed contact can be reached by a share of this content; unknown ones count as available. */
async function targetStates(contentId: string, offset: number, limit: number, signal: AbortSignal): Promise<Map<string, ShareTargetState>> {
  try {
    const { items } = await getShareTargets(contentId, { offset, limit }, signal);
    return new Map((Array.isArray(items) ? items : []).map((target) => [target.id, target.state]));
  } catch {
    // The server still decides: a contact shown as available that is not is skipped and named in the answer.
    return new Map();
  }
}

/** The toasts after a share: whom it reached, the match's progress, and what a completed match released. */
function announceShare(answer: ShareContentResponse | undefined, contentId: string): void {
  const names = (answer?.reached ?? []).map((contact) => contact.name ?? contact.id);
  // Ids per share (not per content), so the next share's toasts show even while these are still up.
  const delivered = answer?.match?.delivered ?? 0;
  if (names.length > 0) toast.info(sharedWith(names), { toastId: `share-reached-${contentId}-${delivered}-${names.join(',')}` });
  if (answer?.match && !answer.match.completed) {
    toast.info(matchProgressText(answer.match.delivered, answer.match.required), { toastId: `share-progress-${contentId}-${delivered}` });
  }
  if (answer?.released) toast.success(releasedToExchange(answer.released.title ?? ''), { toastId: `released-${answer.released.id}` });
}

/**
 * SPEC §2 Share content: the content's title and description, a checkbox list of the user's contacts
 * (fetched afresh at every opening) and Share / Cancel. Share stays disabled until a contact is chosen.
 */
/** Shares toasted since the page loaded: each share's toast has an id of its own. */
let sharesToasted = 0;

export function ShareContentModal({ open, content, onClose, onShared, onDailyLimit, renderExtra, onAddContacts }: ShareContentModalProps) {
  const formId = useId();
  const [contacts, setContacts] = useState<ContactsState>({ status: 'idle' });
  const [states, setStates] = useState<ReadonlyMap<string, ShareTargetState>>(() => new Map());
  const contentId = content?.id ?? null;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [formError, setFormError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const requestRef = useRef<AbortController | null>(null);
  const moreRef = useRef<AbortController | null>(null);
  const hasContent = content !== null;

  const loadContacts = useCallback(async () => {
    requestRef.current?.abort();
    moreRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    setContacts({ status: 'loading' });
    setStates(new Map());
    try {
      const [{ items, total }, targets] = await Promise.all([
        getContacts({ offset: 0, limit: PAGE_SIZE }, controller.signal),
        contentId ? targetStates(contentId, 0, PAGE_SIZE, controller.signal) : Promise.resolve(new Map<string, ShareTargetState>()),
      ]);
      if (controller.signal.aborted) return;
      setStates(targets);
      setContacts({ status: 'ready', contacts: Array.isArray(items) ? items : [], total, loadingMore: false });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = errorMessage(error, CONTACTS_FETCH_FAILED);
      setContacts({ status: 'error', message });
      toast.error(message, { toastId: 'contacts-fetch-failed' });
    }
  }, [contentId]);

  // Every opening starts clean and fetches the contacts again; closing drops any answer still on its way.
  useEffect(() => {
    if (!open) return;
    setSelected(new Set());
    setFormError(null);
    setSharing(false);
    if (hasContent) void loadContacts();
    else setContacts({ status: 'idle' });
    return () => {
      requestRef.current?.abort();
      requestRef.current = null;
      moreRef.current?.abort();
      moreRef.current = null;
    };
  }, [open, hasContent, loadContacts]);

  /** The next page of contacts under the listed ones; the choices made stay. A failure keeps the list and toasts. */
  const loadMore = async () => {
    if (contacts.status !== 'ready' || contacts.loadingMore) return;
    const controller = new AbortController();
    moreRef.current = controller;
    setContacts({ ...contacts, loadingMore: true });
    try {
      const offset = contacts.contacts.length;
      const [{ items, total }, targets] = await Promise.all([
        getContacts({ offset, limit: PAGE_SIZE }, controller.signal),
        contentId ? targetStates(contentId, offset, PAGE_SIZE, controller.signal) : Promise.resolve(new Map<string, ShareTargetState>()),
      ]);
      if (controller.signal.aborted) return;
      setStates((current) => new Map([...current, ...targets]));
      setContacts((current) =>
        current.status === 'ready'
          ? { status: 'ready', contacts: appendPage(current.contacts, Array.isArray(items) ? items : []), total, loadingMore: false }
          : current,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      setContacts((current) => (current.status === 'ready' ? { ...current, loadingMore: false } : current));
      toast.error(errorMessage(error, CONTACTS_FETCH_FAILED), { toastId: 'contacts-fetch-failed' });
    }
  };

  const toggle = (id: string) => {
    setFormError(null);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!content || sharing) return;
    if (selected.size === 0) {
      setFormError(SELECT_A_CONTACT);
      return;
    }
    setSharing(true);
    try {
      const answer = await shareContent(content.id, [...selected]);
      // One toast per share: an id per content swallowed the toast of a second share of it made while the
      // first one's was still showing (react-toastify ignores an id it is showing).
      toast.success(SHARE_SUCCESS, { toastId: `share-success-${content.id}-${++sharesToasted}` });
      announceShare(answer, content.id);
      onShared();
      onClose();
    } catch (error) {
      setSharing(false);
      if (isNobodyNew(error)) {
        // Nobody new to reach: say who and why, and show the contacts as they are now.
        setFormError(error.detail ?? SHARE_FAILED);
        setSelected(new Set());
        void loadContacts();
        return;
      }
      if (isDailyLimit(error)) {
        toast.error(DAILY_LIMIT_REACHED, { toastId: 'daily-share-limit' });
        onClose();
        onDailyLimit?.();
        return;
      }
      toast.error(SHARE_FAILED, { toastId: 'share-failed' });
    }
  };

  let body;
  if (!content) {
    body = <p className="modal-empty">No content selected.</p>;
  } else {
    let contactsPanel;
    if (contacts.status === 'error') {
      contactsPanel = <RetryAlert className="share-error" message={contacts.message} onRetry={() => void loadContacts()} />;
    } else if (contacts.status === 'ready' && contacts.contacts.length === 0) {
      contactsPanel = (
        <div className="share-empty">
          <p className="modal-empty">No contacts available.</p>
          {onAddContacts ? (
            <button type="button" className="button button-primary" onClick={onAddContacts}>
              Add contacts
            </button>
          ) : null}
        </div>
      );
    } else if (contacts.status === 'ready') {
      contactsPanel = (
        <fieldset className="share-contacts" disabled={sharing}>
          <legend>Share with</legend>
          <ul className="share-contact-list">
            {contacts.contacts.map((contact) => {
              const state = states.get(contact.id) ?? 'available';
              const unavailable = state !== 'available';
              return (
                <li key={contact.id}>
                  <label className={unavailable ? 'share-contact share-contact-unavailable' : 'share-contact'}>
                    <input
                      type="checkbox"
                      checked={!unavailable && selected.has(contact.id)}
                      disabled={unavailable}
                      onChange={() => toggle(contact.id)}
                    />
                    <span>
                      <span className="share-contact-name">{contact.name}</span>{' '}
                      <span className="share-contact-email">{contact.email}</span>
                      {unavailable ? (
                        <>
                          {' '}
                          <span className="share-contact-reason">({TARGET_REASONS[state]})</span>
                        </>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <LoadMore
            shown={contacts.contacts.length}
            total={contacts.total}
            loading={contacts.loadingMore}
            onLoadMore={() => void loadMore()}
            what="contacts"
          />
        </fieldset>
      );
    } else {
      contactsPanel = <p role="status">Loading contacts...</p>;
    }

    body = (
      <form id={formId} className="share-form" aria-label="Share content" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="share-content-summary">
          <h3>{content.title}</h3>
          {content.description ? <p>{content.description}</p> : null}
        </div>
        {contactsPanel}
        {contacts.status === 'ready' && contacts.contacts.length > 0 ? <SentShares contentId={content.id} /> : null}
        {contacts.status === 'ready' && contacts.contacts.length > 0 && renderExtra
          ? renderExtra({ contentId: content.id, contactIds: [...selected], close: onClose })
          : null}
        <FormMessage tone="error">{formError}</FormMessage>
      </form>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Share content"
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="button button-primary"
            disabled={!content || contacts.status !== 'ready' || selected.size === 0 || sharing}
          >
            {sharing ? 'Sharing...' : 'Share'}
          </button>
        </>
      }
    >
      {body}
    </Modal>
  );
}

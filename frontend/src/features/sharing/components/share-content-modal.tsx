import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { FormMessage } from '@/components/ui/form-message';
import { LoadMore } from '@/components/ui/load-more';
import { Modal } from '@/components/ui/modal';
import { RetryAlert } from '@/components/ui/retry-alert';
import { getContacts, type Contact } from '@/lib/api/contacts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { usePagedList, type PageCursor } from '@/lib/query/use-paged-list';
import { getShareSummary, type ShareSummary } from '../api/get-share-summary';
import { getShareTargets, type ShareTargetState } from '../api/get-share-targets';
import { shareContent, type ShareContentResponse } from '../api/share-content';
import { CONTACTS_FETCH_FAILED, DAILY_LIMIT_MARKER, DAILY_LIMIT_REACHED, SELECT_A_CONTACT, SHARE_FAILED, SHARE_REASON_LABELS } from '../messages';
import { SentShares } from './sent-shares';
import { ShareEmailPreview } from './share-email-preview';
import { ShareNoteField } from './share-note-field';
import { BestTimeOption } from './best-time-option';
import { ShareResultToast } from './share-result-toast';
import { ShareCounts, ShareSummaryNotices, shareBlocked } from './share-summary-notices';
import '../sharing.css';

export type ShareableContent = { id: string; title: string; description: string };

type ShareContentModalProps = {
  open: boolean;
  /** The content to share; null shows 'No content selected.' */
  content: ShareableContent | null;
  onClose: () => void;
  /** After a successful share, before the modal closes (e.g. to refresh share counts). */
  onShared: (answer: ShareContentResponse) => void;
  /**
   * Called when the server refuses with 'Daily share limit reached' (SPEC §8), after the toast and after
   * this modal has closed itself, and by the upgrade button shown when no share is left today. The composing
   * route opens the Premium upsell here: features do not import each other, so this modal cannot render it.
   */
  onDailyLimit?: () => void;
  /**
   * An extra section under the contacts (the route passes auto-scheduling's "Schedule for later"), given the
   * contacts chosen so far; `close` closes this modal.
   */
  renderExtra?: (selection: {
    contentId: string;
    contactIds: readonly string[];
    close: () => void;
    /** The extra replaces sharing now (e.g. "Schedule for later" ticked): the Share button steps aside. */
    onLaterChange: (later: boolean) => void;
  }) => ReactNode;
  /**
   * The next step from 'No contacts available.' (and from a match the contacts cannot finish): the composing
   * route closes this modal and opens the Contacts panel (without it there is no button).
   */
  onAddContacts?: () => void;
};

/** A listed contact and whether a share of this content can reach them. */
type ShareContact = Contact & { shareState: ShareTargetState };

const isDailyLimit = (error: unknown) => error instanceof ApiError && (error.detail ?? '').includes(DAILY_LIMIT_MARKER);
/**
 * Refusals the modal explains in place, with the server's detail: 409 (the share would reach nobody, or the
 * content is not live) and 403 (sharing paused for bounces).
 */
const isExplained = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 409 || error.status === 403);

/** Whether each listed contact can be reached by a share of this content; unknown ones count as available. */
async function targetStates(contentId: string, page: PageCursor, signal: AbortSignal): Promise<Map<string, ShareTargetState>> {
  try {
    const { items } = await getShareTargets(contentId, page, signal);
    return new Map((Array.isArray(items) ? items : []).map((target) => [target.id, target.state]));
  } catch {
    // The server still decides: a contact shown as available that is not is skipped and named in the answer.
    return new Map();
  }
}

/** A page of the contacts (GET /contacts/) beside the same page of their share targets for this content. */
async function shareContactsPage(contentId: string, page: PageCursor, signal: AbortSignal) {
  const [{ items, total }, targets] = await Promise.all([getContacts(page, signal), targetStates(contentId, page, signal)]);
  const contacts = Array.isArray(items) ? items : [];
  return { items: contacts.map((contact): ShareContact => ({ ...contact, shareState: targets.get(contact.id) ?? 'available' })), total };
}

/** Shares toasted since the page loaded: each share's toast has an id of its own. */
let sharesToasted = 0;

/**
 * SPEC §2 Share content: the content's title and description, a checkbox list of the user's contacts
 * (fetched afresh at every opening) and Share / Cancel. Share stays disabled until a contact is chosen.
 * The exchange (docs/exchange.md): a share counts per person reached, so the modal says before the press
 * what a share can still count, what it would count as contacts are ticked, and why one cannot be made.
 */
export function ShareContentModal({ open, content, onClose, onShared, onDailyLimit, renderExtra, onAddContacts }: ShareContentModalProps) {
  const formId = useId();
  const contentId = content?.id ?? null;
  // Every opening reads the contacts and the summary afresh; closing drops them and any answer on its way.
  const shown = open && contentId !== null;
  const contacts = usePagedList<ShareContact>(['share-contacts', contentId], (page, signal) => shareContactsPage(contentId!, page, signal), {
    enabled: shown,
  });
  const summaryKey = ['share-summary', contentId];
  const summaryQuery = useShownQuery({ queryKey: summaryKey, queryFn: ({ signal }) => getShareSummary(contentId!, signal) }, shown);
  // null while loading or when it cannot be read: the server still decides every share.
  const summary: ShareSummary | null = summaryQuery.data ?? null;
  // The contacts wait for the summary (or its failure), so a share that cannot be made says so before any choice.
  const summarySettled = !summaryQuery.isPending;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [note, setNote] = useState('');
  const [bestTime, setBestTime] = useState(false);
  // "Schedule for later" is ticked: its own button acts, so the Share (now) button is not offered beside it.
  const [later, setLater] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** The contacts and the summary again, from their loading state (a Retry, a refusal the modal explains). */
  const loadContacts = () => {
    contacts.reload();
    void queryClient.resetQueries({ queryKey: summaryKey, exact: true });
  };

  // A failed first read says so in the list and in a toast.
  const contactsError = contacts.status === 'error' ? errorMessage(contacts.error, CONTACTS_FETCH_FAILED) : null;
  useEffect(() => {
    if (contactsError !== null) toast.error(contactsError, { toastId: 'contacts-fetch-failed' });
  }, [contactsError, contacts.error]);

  // Every opening starts clean.
  useEffect(() => {
    if (!open) return;
    setSelected(new Set());
    setNote('');
    setFormError(null);
    setSharing(false);
    setLater(false);
  }, [open]);

  /** The next page of contacts under the listed ones; the choices made stay. A failure keeps the list and toasts. */
  const loadMore = async () => {
    try {
      await contacts.loadMore();
    } catch (error) {
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

  /** The daily limit's way out: this modal closes and the route opens the Premium upsell. */
  const upgrade = () => {
    onClose();
    onDailyLimit?.();
  };

  const blocked = shareBlocked(summary);
  // The daily share limit: the window says so before any choice and lists no contact. Other blocks (not live,
  // paused, today's e-mails used) keep the list, whose reasons (Unsubscribed, Bounced...) help decide what next.
  const noSharesLeft = summary?.shares_left_today === 0;
  const byId = new Map(contacts.items.map((contact) => [contact.id, contact]));
  // The chosen contacts a share can reach, in the order chosen (the server counts the first ones).
  const chosen = [...selected]
    .map((id) => byId.get(id))
    .filter((contact): contact is ShareContact => contact !== undefined && contact.shareState === 'available');
  const trimmedNote = note.trim() === '' ? null : note.trim();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!content || sharing || blocked || later) return;
    if (selected.size === 0) {
      setFormError(SELECT_A_CONTACT);
      return;
    }
    setSharing(true);
    try {
      const answer = await shareContent(content.id, [...selected], trimmedNote, { bestTime: bestTime && summary?.best_time === true });
      // One toast per share, with an id of its own: react-toastify ignores an id it is showing, which swallowed
      // the toast of a second share of one content made while the first one's was still up.
      toast.success(<ShareResultToast answer={answer} />, { toastId: `share-success-${content.id}-${++sharesToasted}` });
      onShared(answer);
      onClose();
    } catch (error) {
      setSharing(false);
      if (isDailyLimit(error)) {
        toast.error(DAILY_LIMIT_REACHED, { toastId: 'daily-share-limit' });
        onClose();
        onDailyLimit?.();
        return;
      }
      if (isExplained(error)) {
        // Say who and why (or why not now), and show the contacts and what a share can do as they are now.
        setFormError(error.detail ?? SHARE_FAILED);
        setSelected(new Set());
        // Share is disabled with nothing chosen: the focus stays in the dialog, on the form the message is in.
        formRef.current?.focus();
        loadContacts();
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
    if (noSharesLeft) {
      // No share press left today: nothing to choose; the notice above says so, with the upgrade.
      contactsPanel = null;
    } else if (contacts.status === 'ready' && !summarySettled) {
      contactsPanel = <p role="status">Loading contacts...</p>;
    } else if (contactsError !== null) {
      contactsPanel = <RetryAlert className="share-error" message={contactsError} onRetry={loadContacts} />;
    } else if (contacts.status === 'ready' && contacts.items.length === 0) {
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
            {contacts.items.map((contact) => {
              const state = contact.shareState;
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
                          <span className="share-contact-reason">({SHARE_REASON_LABELS[state] ?? state})</span>
                        </>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <LoadMore
            shown={contacts.items.length}
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
    const hasContacts = !noSharesLeft && summarySettled && contacts.status === 'ready' && contacts.items.length > 0;
    const first = chosen[0];

    body = (
      <form ref={formRef} id={formId} className="share-form" aria-label="Share content" tabIndex={-1} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="share-content-summary">
          <h3>{content.title}</h3>
          {content.description ? <p>{content.description}</p> : null}
        </div>
        {summary ? (
          <ShareSummaryNotices summary={summary} onUpgrade={onDailyLimit ? upgrade : undefined} onAddContacts={onAddContacts} />
        ) : null}
        {contactsPanel}
        {hasContacts ? <ShareCounts summary={summary} chosen={chosen} deferred={bestTime && summary?.best_time === true} /> : null}
        {hasContacts && summary?.best_time ? <BestTimeOption checked={bestTime} onChange={setBestTime} disabled={sharing} /> : null}
        {hasContacts ? (
          <>
            <ShareNoteField value={note} onChange={setNote} disabled={sharing} />
            <ShareEmailPreview contentId={content.id} note={trimmedNote} contact={first ? { id: first.id, name: first.name } : null} disabled={sharing} />
          </>
        ) : null}
        {hasContacts ? <SentShares contentId={content.id} /> : null}
        {hasContacts && renderExtra ? renderExtra({ contentId: content.id, contactIds: [...selected], close: onClose, onLaterChange: setLater }) : null}
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
          {later ? null : (
            <button
              type="submit"
              form={formId}
              className="button button-primary"
              // While the share is on its way the button keeps the focus (a disabled one would drop it).
              disabled={!content || contacts.status !== 'ready' || selected.size === 0 || blocked !== null}
              aria-disabled={sharing}
            >
              {sharing ? 'Sharing...' : 'Share'}
            </button>
          )}
        </>
      }
    >
      {body}
    </Modal>
  );
}

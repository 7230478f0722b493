import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { mayUseWebhooks } from '@crossfeed/domain/webhooks/webhook.decider.ts';
import {
  CREATOR_WEBHOOK_EVENTS,
  FOUNDER_WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEventType,
} from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { loadStateOf } from '@/lib/query/load-state';
import { queryClient } from '@/lib/query/query-client';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { toast } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';
import { selectIsAdmin, selectIsPremium } from '@/stores/session-selectors';
import {
  WEBHOOKS_KEY,
  createWebhook,
  deleteWebhook,
  deliveriesKey,
  getWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  type Webhook,
  type WebhookDelivery,
} from '../api/webhooks';
import {
  DELIVERY_RESEND_FAILED,
  DELIVERY_RESENT,
  EVENT_HINTS,
  NO_WEBHOOKS,
  WEBHOOK_CREATE_FAILED,
  WEBHOOK_DELETE_FAILED,
  WEBHOOK_DELETED,
  WEBHOOK_ROTATE_FAILED,
  WEBHOOK_TEST_FAILED,
  WEBHOOK_TEST_SENT,
  WEBHOOKS_FETCH_FAILED,
  WEBHOOKS_PITCH,
  WEBHOOKS_PREMIUM,
  WEBHOOKS_TITLE,
} from '../messages';
import { ApiDocsNote } from './api-docs-note';
import { Choice } from './choice';
import { DeliveryLog } from './delivery-log';
import { OneTimeSecret } from './one-time-secret';
import '../developer.css';

type WebhooksModalProps = {
  open: boolean;
  onClose: () => void;
  /** Webhooks are Premium: a Free user's Upgrade opens the plan window. */
  onUpgrade?: () => void;
};

/** A delivery happens in the background: the log is asked again this long after a test or a resend. */
export const DELIVERY_REFRESH_MS = 1500;

/** The outcome of the last action on an endpoint, shown above the list. */
type Notice = { tone: 'success' | 'error'; text: string } | null;

/** A secret just shown, and the endpoint it signs for. */
type ShownSecret = { url: string; secret: string } | null;

/** What the confirmation dialog asks about. */
type Pending = { action: 'delete' | 'rotate'; webhook: Webhook } | null;

/** Only the endpoints list is refreshed: each delivery log (keys under the same prefix) has its own Refresh. */
const refreshList = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true });

function EventChoices({ legend, events, chosen, onToggle }: { legend: string; events: readonly WebhookEventType[]; chosen: WebhookEventType[]; onToggle: (event: WebhookEventType, on: boolean) => void }) {
  return (
    <fieldset className="developer-choices">
      <legend>{legend}</legend>
      {events.map((event) => (
        <Choice key={event} name={event} hint={EVENT_HINTS[event]} checked={chosen.includes(event)} onChange={(on) => onToggle(event, on)} />
      ))}
    </fieldset>
  );
}

/**
 * Issue 26, items 3–4 (Profile → Webhooks): a Premium creator (or an admin, who also gets the founder's
 * waitlist events) registers HTTPS endpoints and picks events; the signing secret is shown once, at adding
 * and at rotating. Each endpoint shows its status and offers its delivery log, a test event, a new secret
 * and deletion. A Free user reads what webhooks do and the way to Premium instead of the form.
 */
export function WebhooksModal({ open, onClose, onUpgrade }: WebhooksModalProps) {
  const urlId = useId();
  const listId = useId();
  const urlRef = useRef<HTMLInputElement>(null);
  const isPremium = useAppStore(selectIsPremium);
  const isAdmin = useAppStore(selectIsAdmin);
  // The server's rule (Premium, or an admin for the founder's waitlist events), so the form shows where it is accepted.
  const allowed = mayUseWebhooks(isPremium, isAdmin);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [secret, setSecret] = useState<ShownSecret>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [logFor, setLogFor] = useState<string | null>(null);
  const refreshTimers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const webhooksQuery = useShownQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => getWebhooks(signal) }, open);
  const webhooks = loadStateOf(webhooksQuery, WEBHOOKS_FETCH_FAILED);

  /** The log is asked again once the background delivery has likely happened. */
  const refreshLogSoon = (webhookId: string) => {
    refreshTimers.current.push(
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId), exact: true }), DELIVERY_REFRESH_MS),
    );
  };

  const add = useMutation(
    {
      mutationFn: createWebhook,
      onSuccess: (created) => {
        setSecret({ url: created.url, secret: created.secret });
        setUrl('');
        setEvents([]);
        const listed: Webhook = { id: created.id, url: created.url, events: created.events, status: created.status, disabled_reason: null, created_at: created.created_at };
        queryClient.setQueryData<Webhook[]>(WEBHOOKS_KEY, (list) => (list ? [...list.filter((webhook) => webhook.id !== created.id), listed] : list));
        void refreshList();
      },
    },
    queryClient,
  );
  const confirm = useMutation(
    {
      mutationFn: async ({ action, webhook }: NonNullable<Pending>) => {
        if (action === 'delete') {
          await deleteWebhook(webhook.id);
          return null;
        }
        return rotateWebhookSecret(webhook.id);
      },
      onSuccess: (rotated, { action, webhook }) => {
        setPending(null);
        if (action === 'rotate' && rotated) {
          setSecret({ url: webhook.url, secret: rotated.secret });
          return;
        }
        queryClient.setQueryData<Webhook[]>(WEBHOOKS_KEY, (list) => list?.filter((listed) => listed.id !== webhook.id));
        if (logFor === webhook.id) setLogFor(null);
        if (secret?.url === webhook.url) setSecret(null);
        toast.success(WEBHOOK_DELETED, { toastId: 'webhook-deleted' });
        void refreshList();
      },
    },
    queryClient,
  );
  const test = useMutation(
    {
      mutationFn: (webhook: Webhook) => sendTestEvent(webhook.id),
      onMutate: () => setNotice(null),
      onSuccess: (_answer, webhook) => {
        setNotice({ tone: 'success', text: WEBHOOK_TEST_SENT });
        setLogFor(webhook.id);
        refreshLogSoon(webhook.id);
      },
      onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, WEBHOOK_TEST_FAILED) }),
    },
    queryClient,
  );
  const resend = useMutation(
    {
      mutationFn: ({ webhook, delivery }: { webhook: Webhook; delivery: WebhookDelivery }) => resendDelivery(webhook.id, delivery.id),
      onMutate: () => setNotice(null),
      onSuccess: (_answer, { webhook }) => {
        setNotice({ tone: 'success', text: DELIVERY_RESENT });
        refreshLogSoon(webhook.id);
      },
      onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, DELIVERY_RESEND_FAILED) }),
    },
    queryClient,
  );

  useEffect(() => {
    if (open) return;
    setUrl('');
    setEvents([]);
    setSecret(null);
    setNotice(null);
    setPending(null);
    setLogFor(null);
    add.reset();
    confirm.reset();
    // The mutations' reset functions are stable.
  }, [open]);

  // No refresh outlives the window.
  useEffect(() => {
    const timers = refreshTimers.current;
    return () => {
      timers.forEach(clearTimeout);
      timers.length = 0;
    };
  }, [open]);

  const canAdd = url.trim().length > 0 && events.length > 0 && !add.isPending;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canAdd) return;
    setSecret(null);
    const offered: readonly WebhookEventType[] = isAdmin ? [...CREATOR_WEBHOOK_EVENTS, ...FOUNDER_WEBHOOK_EVENTS] : CREATOR_WEBHOOK_EVENTS;
    add.mutate({ url: url.trim(), events: offered.filter((type) => events.includes(type)) });
  };
  const toggleEvent = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current.filter((item) => item !== type), type] : current.filter((item) => item !== type)));

  const shownLog = webhooks.status === 'ready' ? webhooks.data.find((webhook) => webhook.id === logFor) : undefined;
  const busy = test.isPending || confirm.isPending;

  let list;
  if (webhooks.status === 'loading') {
    list = allowed ? <p role="status">Loading endpoints...</p> : null;
  } else if (webhooks.status === 'error') {
    list = allowed ? <RetryAlert className="developer-error" message={webhooks.message} onRetry={() => void queryClient.resetQueries({ queryKey: WEBHOOKS_KEY, exact: true })} /> : null;
  } else if (webhooks.data.length === 0) {
    list = allowed ? <p className="modal-empty">{NO_WEBHOOKS}</p> : null;
  } else {
    list = (
      <ul className="developer-list" aria-label="Your endpoints">
        {webhooks.data.map((webhook) => {
          const urlOf = `${listId}-${webhook.id}`;
          return (
            <li key={webhook.id} className="developer-item">
              <div className="developer-item-head">
                <span id={urlOf} className="developer-item-title developer-url">
                  {webhook.url}
                </span>
                {webhook.status === 'active' ? (
                  <span className="developer-status developer-status-ok">Active</span>
                ) : (
                  <span className="developer-status developer-status-failed">
                    Disabled{webhook.disabled_reason ? `: ${webhook.disabled_reason}` : ''}
                  </span>
                )}
              </div>
              <ul className="developer-tags" aria-label="Events">
                {webhook.events.map((type) => (
                  <li key={type} className="developer-tag">
                    {type}
                  </li>
                ))}
              </ul>
              <div className="developer-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-describedby={urlOf}
                  aria-expanded={logFor === webhook.id}
                  onClick={() => setLogFor(logFor === webhook.id ? null : webhook.id)}
                >
                  Delivery log
                </button>
                <button type="button" className="button button-ghost button-small" aria-describedby={urlOf} disabled={busy} onClick={() => test.mutate(webhook)}>
                  Send test event
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-describedby={urlOf}
                  disabled={busy}
                  onClick={() => {
                    confirm.reset();
                    setPending({ action: 'rotate', webhook });
                  }}
                >
                  Rotate secret
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small developer-danger"
                  aria-describedby={urlOf}
                  disabled={busy}
                  onClick={() => {
                    confirm.reset();
                    setPending({ action: 'delete', webhook });
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      <Modal open={open} onClose={onClose} title={WEBHOOKS_TITLE} className="modal-wide developer-modal" initialFocusRef={allowed ? urlRef : undefined}>
        <div className="developer">
          <ApiDocsNote>
            Every delivery is signed: check its <code>{WEBHOOK_SIGNATURE_HEADER}</code> header (<code>t=…,v1=…</code>, an HMAC-SHA256 of{' '}
            <code>t.body</code> with your signing secret) before you trust it.
          </ApiDocsNote>
          {allowed ? (
            <form className="developer-form" aria-label="Add an endpoint" onSubmit={handleSubmit} noValidate>
              <div className="form-field">
                <label htmlFor={urlId}>Endpoint URL</label>
                <input
                  ref={urlRef}
                  id={urlId}
                  name="url"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://example.com/hooks/crossfeed"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                />
              </div>
              <EventChoices legend="Events" events={CREATOR_WEBHOOK_EVENTS} chosen={events} onToggle={toggleEvent} />
              {isAdmin ? <EventChoices legend="Founder (waitlist)" events={FOUNDER_WEBHOOK_EVENTS} chosen={events} onToggle={toggleEvent} /> : null}
              <div className="developer-form-actions">
                <button type="submit" className="button button-primary" disabled={!canAdd}>
                  {add.isPending ? 'Adding...' : 'Add endpoint'}
                </button>
              </div>
              <FormMessage tone="error">{add.isError ? errorMessage(add.error, WEBHOOK_CREATE_FAILED) : null}</FormMessage>
            </form>
          ) : (
            <section className="developer-upsell" aria-label="Webhooks are Premium">
              <p>
                <span className="developer-badge">Premium</span> {WEBHOOKS_PREMIUM}
              </p>
              <p>{WEBHOOKS_PITCH}</p>
              {onUpgrade ? (
                <button type="button" className="button button-primary button-small" onClick={onUpgrade}>
                  Upgrade to Premium
                </button>
              ) : null}
            </section>
          )}
          {secret ? (
            <div className="developer-secret-box">
              <p className="developer-secret-for">
                For <span className="developer-url">{secret.url}</span>
              </p>
              <OneTimeSecret label="Signing secret" value={secret.secret} />
            </div>
          ) : null}
          <FormMessage tone={notice?.tone ?? 'success'}>{notice?.text ?? null}</FormMessage>
          {list ? (
<div className="developer-section">{list}</div>
          ) : null}
          {shownLog ? (
            <DeliveryLog
              webhook={shownLog}
              resending={resend.isPending ? (resend.variables?.delivery.id ?? null) : null}
              onResend={(delivery) => resend.mutate({ webhook: shownLog, delivery })}
              onClose={() => setLogFor(null)}
            />
          ) : null}
        </div>
      </Modal>
      {/* A sibling, not a child: its keyboard events must not bubble through this dialog's focus trap. */}
      <ConfirmDialog
        open={open && pending !== null}
        title={pending?.action === 'rotate' ? 'Rotate secret' : 'Delete endpoint'}
        message={
          pending?.action === 'rotate'
            ? `Make a new signing secret for ${pending.webhook.url}? The current one stops signing at once.`
            : `Delete ${pending?.webhook.url ?? 'this endpoint'}? It will receive no more events.`
        }
        confirmLabel={pending?.action === 'rotate' ? 'Rotate' : 'Delete'}
        busyLabel={pending?.action === 'rotate' ? 'Rotating...' : 'Deleting...'}
        danger
        busy={confirm.isPending}
        error={confirm.isError ? errorMessage(confirm.error, pending?.action === 'rotate' ? WEBHOOK_ROTATE_FAILED : WEBHOOK_DELETE_FAILED) : null}
        onConfirm={() => pending && confirm.mutate(pending)}
        onCancel={() => {
          setPending(null);
          confirm.reset();
        }}
      />
    </>
  );
}

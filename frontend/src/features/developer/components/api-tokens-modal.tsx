import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { API_TOKEN_NAME_MAX } from '@crossfeed/domain/api-tokens/api-token.rules.ts';
import { API_TOKEN_PREFIX, API_TOKEN_SCOPES, type ApiTokenScope } from '@crossfeed/domain/rules/api-token-scopes.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { loadStateOf } from '@/lib/query/load-state';
import { queryClient } from '@/lib/query/query-client';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { toast } from '@/lib/toast';
import { API_TOKENS_KEY, createApiToken, getApiTokens, revokeApiToken, type ApiToken } from '../api/api-tokens';
import { formatDateTime } from '../format';
import {
  API_TOKEN_CREATE_FAILED,
  API_TOKEN_REVOKE_FAILED,
  API_TOKEN_REVOKED,
  API_TOKENS_FETCH_FAILED,
  API_TOKENS_TITLE,
  NO_API_TOKENS,
  SCOPE_HINTS,
} from '../messages';
import { ApiDocsNote } from './api-docs-note';
import { Choice } from './choice';
import { OneTimeSecret } from './one-time-secret';
import '../developer.css';

type ApiTokensModalProps = { open: boolean; onClose: () => void };

/**
 * Issue 26, item 2 (Profile → API tokens): make a named token with scopes (its secret shown once, here),
 * list the tokens with when each was made and last used, and revoke one after a confirmation. The list is
 * read at each opening and dropped at closing; the secret goes with the window.
 */
export function ApiTokensModal({ open, onClose }: ApiTokensModalProps) {
  const nameId = useId();
  const listId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const tokensQuery = useShownQuery({ queryKey: API_TOKENS_KEY, queryFn: ({ signal }) => getApiTokens(signal) }, open);
  const tokens = loadStateOf(tokensQuery, API_TOKENS_FETCH_FAILED);
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });

  const create = useMutation(
    {
      mutationFn: createApiToken,
      onSuccess: (created) => {
        setSecret(created.token);
        setName('');
        setScopes([]);
        const listed: ApiToken = { id: created.id, name: created.name, scopes: created.scopes, hint: created.hint, created_at: created.created_at, last_used_at: null };
        queryClient.setQueryData<ApiToken[]>(API_TOKENS_KEY, (list) => (list ? [...list.filter((token) => token.id !== created.id), listed] : list));
        void refresh();
      },
    },
    queryClient,
  );
  const revoke = useMutation(
    {
      mutationFn: (token: ApiToken) => revokeApiToken(token.id),
      onSuccess: (_answer, token) => {
        queryClient.setQueryData<ApiToken[]>(API_TOKENS_KEY, (list) => list?.filter((listed) => listed.id !== token.id));
        setRevoking(null);
        toast.success(API_TOKEN_REVOKED, { toastId: 'api-token-revoked' });
        void refresh();
      },
    },
    queryClient,
  );

  useEffect(() => {
    if (open) return;
    setName('');
    setScopes([]);
    setSecret(null);
    setRevoking(null);
    create.reset();
    revoke.reset();
    // The mutations' reset functions are stable.
  }, [open]);

  const canCreate = name.trim().length > 0 && scopes.length > 0 && !create.isPending;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canCreate) return;
    setSecret(null);
    create.mutate({ name: name.trim(), scopes: API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope)) });
  };
  const toggleScope = (scope: ApiTokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current.filter((item) => item !== scope), scope] : current.filter((item) => item !== scope)));

  let list;
  if (tokens.status === 'loading') {
    list = <p role="status">Loading API tokens...</p>;
  } else if (tokens.status === 'error') {
    list = <RetryAlert className="developer-error" message={tokens.message} onRetry={() => void queryClient.resetQueries({ queryKey: API_TOKENS_KEY, exact: true })} />;
  } else if (tokens.data.length === 0) {
    list = <p className="modal-empty">{NO_API_TOKENS}</p>;
  } else {
    list = (
      <ul className="developer-list" aria-label="Your API tokens">
        {tokens.data.map((token) => (
          <li key={token.id} className="developer-item">
            <div className="developer-item-head">
              <span id={`${listId}-${token.id}`} className="developer-item-title">
                {token.name}
              </span>
              <code className="developer-hint">{token.hint}</code>
            </div>
            <ul className="developer-tags" aria-label="Scopes">
              {token.scopes.map((scope) => (
                <li key={scope} className="developer-tag">
                  {scope}
                </li>
              ))}
            </ul>
            <dl className="developer-facts">
              <div>
                <dt>Created</dt>
                <dd>{formatDateTime(token.created_at)}</dd>
              </div>
              <div>
                <dt>Last used</dt>
                <dd>{token.last_used_at ? formatDateTime(token.last_used_at) : 'Never'}</dd>
              </div>
            </dl>
            <div className="developer-actions">
              <button type="button" className="button button-ghost button-small" aria-describedby={`${listId}-${token.id}`} onClick={() => setRevoking(token)}>
                Revoke
              </button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <Modal open={open} onClose={onClose} title={API_TOKENS_TITLE} className="modal-wide developer-modal" initialFocusRef={nameRef}>
        <div className="developer">
          <ApiDocsNote>
            A token lets your own scripts call the Crossfeed API as you: send it as <code>Authorization: Bearer {API_TOKEN_PREFIX}…</code>.
            It never reaches your password, tokens or billing.
          </ApiDocsNote>
          <form className="developer-form" aria-label="Create an API token" onSubmit={handleSubmit} noValidate>
            <div className="form-field">
              <label htmlFor={nameId}>Token name</label>
              <input
                ref={nameRef}
                id={nameId}
                name="name"
                autoComplete="off"
                placeholder="e.g. Zapier"
                maxLength={API_TOKEN_NAME_MAX}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <fieldset className="developer-choices">
              <legend>Scopes</legend>
              {API_TOKEN_SCOPES.map((scope) => (
                <Choice key={scope} name={scope} hint={SCOPE_HINTS[scope]} checked={scopes.includes(scope)} onChange={(on) => toggleScope(scope, on)} />
              ))}
            </fieldset>
            <div className="developer-form-actions">
              <button type="submit" className="button button-primary" disabled={!canCreate}>
                {create.isPending ? 'Creating...' : 'Create token'}
              </button>
            </div>
            <FormMessage tone="error">{create.isError ? errorMessage(create.error, API_TOKEN_CREATE_FAILED) : null}</FormMessage>
          </form>
          {secret ? <OneTimeSecret label="Your new token" value={secret} /> : null}
          <div className="developer-section">{list}</div>
        </div>
      </Modal>
      {/* A sibling, not a child: its keyboard events must not bubble through this dialog's focus trap. */}
      <ConfirmDialog
        open={open && revoking !== null}
        title="Revoke token"
        message={revoking ? `Revoke “${revoking.name}”? Anything using it stops working at once.` : ''}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        danger
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error, API_TOKEN_REVOKE_FAILED) : null}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => {
          setRevoking(null);
          revoke.reset();
        }}
      />
    </>
  );
}

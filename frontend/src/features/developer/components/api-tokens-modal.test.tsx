import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_TOKEN_SCOPES } from '@crossfeed/domain/rules/api-token-scopes.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import type { ApiToken } from '../api/api-tokens';
import { fakeServer, signIn } from '../testing/fake-server';
import { ApiTokensModal } from './api-tokens-modal';

const OLD: ApiToken = {
  id: 'tok-1',
  name: 'Zapier',
  scopes: ['content:read'],
  hint: 'cf_ab…wxyz',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: '2026-11-20T10:00:00.000Z',
};

function renderModal() {
  const onClose = vi.fn();
  return { onClose, ...render(<ApiTokensModal open onClose={onClose} />) };
}

const list = () => screen.findByRole('list', { name: 'Your API tokens' });
const createButton = () => screen.getByRole('button', { name: 'Create token' });

describe('ApiTokensModal', () => {
  beforeEach(() => signIn());

  it('lists the tokens with their scopes, Created and Last used (Never when unused), and links the API reference in a new tab', async () => {
    fakeServer({ 'GET /api/tokens': () => jsonResponse(200, [OLD, { ...OLD, id: 'tok-2', name: 'Sheets', last_used_at: null }]) });
    renderModal();
    expect(screen.getByRole('dialog', { name: 'API tokens' })).toBeInTheDocument();
    expect(screen.getByText('Loading API tokens...')).toBeInTheDocument();
    const [zapier, sheets] = within(await list()).getAllByRole('listitem').filter((item) => item.classList.contains('developer-item'));
    expect(zapier).toHaveTextContent('Zapier');
    expect(within(zapier!).getByRole('list', { name: 'Scopes' })).toHaveTextContent('content:read');
    expect(zapier).toHaveTextContent('Created');
    expect(zapier).toHaveTextContent('Last used');
    expect(zapier).not.toHaveTextContent('Never');
    expect(sheets).toHaveTextContent('Last usedNever');
    const docs = screen.getByRole('link', { name: /API reference/ });
    expect(docs).toHaveAttribute('href', '/docs/api');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Authorization: Bearer cf_…')).toBeInTheDocument();
  });

  it("says 'No API tokens yet.' when there are none", async () => {
    fakeServer({ 'GET /api/tokens': () => jsonResponse(200, []) });
    renderModal();
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
  });

  it("shows the server's detail when the list fails, and Retry reads it again", async () => {
    let fail = true;
    fakeServer({ 'GET /api/tokens': () => (fail ? jsonResponse(503, { detail: 'Tokens are resting.' }) : jsonResponse(200, [OLD])) });
    renderModal();
    expect(await screen.findByRole('alert')).toHaveTextContent('Tokens are resting.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await list()).toHaveTextContent('Zapier');
  });

  it('offers a checkbox per scope with a hint, and Create token waits for a name and a scope', async () => {
    fakeServer({ 'GET /api/tokens': () => jsonResponse(200, []) });
    const user = userEvent.setup();
    renderModal();
    await screen.findByText('No API tokens yet.');
    // Each checkbox is named by its scope exactly, and described by its hint.
    for (const scope of API_TOKEN_SCOPES) expect(screen.getByRole('checkbox', { name: scope })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'contacts:write' })).toHaveAccessibleDescription('Add, change and remove contacts.');
    expect(createButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Token name'), 'CRM');
    expect(createButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'contacts:read' }));
    expect(createButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Token name'));
    expect(createButton()).toBeDisabled();
  });

  it('creates a token: the secret is shown once with Copy, the form clears, and the list refreshes with it', async () => {
    const created = { id: 'tok-9', name: 'CRM', scopes: ['content:read', 'contacts:read'], hint: 'cf_12…cdef', created_at: '2026-11-29T03:00:00.000Z' };
    let listed: ApiToken[] = [OLD];
    const server = fakeServer({
      'GET /api/tokens': () => jsonResponse(200, listed),
      'POST /api/tokens': () => {
        listed = [...listed, { ...created, scopes: ['content:read', 'contacts:read'], last_used_at: null }];
        return jsonResponse(201, { ...created, token: 'cf_secret_once_123' });
      },
    });
    const user = userEvent.setup();
    renderModal();
    await list();

    await user.type(screen.getByLabelText('Token name'), '  CRM ');
    await user.click(screen.getByRole('checkbox', { name: 'contacts:read' }));
    await user.click(screen.getByRole('checkbox', { name: 'content:read' }));
    await user.click(createButton());

    const secret = await screen.findByLabelText('Your new token');
    expect(secret).toHaveValue('cf_secret_once_123');
    expect(secret).toHaveAttribute('readonly');
    expect(secret).toHaveFocus();
    expect(screen.getByText('Copy it now: you will not see it again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    // The scopes go in the order the domain lists them, whatever the order they were ticked.
    expect(server.calls('POST /api/tokens')).toEqual([{ route: 'POST /api/tokens', body: { name: 'CRM', scopes: ['content:read', 'contacts:read'] } }]);
    expect(screen.getByLabelText('Token name')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'contacts:read' })).not.toBeChecked();
    await waitFor(() => expect(server.calls('GET /api/tokens')).toHaveLength(2));
    expect(await list()).toHaveTextContent('CRM');
    // Only in this window's life: the secret is nowhere in the list, and a new opening does not show it.
    expect(within(await list()).queryByText('cf_secret_once_123')).not.toBeInTheDocument();
  });

  it('the secret is gone once the window closes and opens again', async () => {
    fakeServer({
      'GET /api/tokens': () => jsonResponse(200, []),
      'POST /api/tokens': () => jsonResponse(201, { ...OLD, token: 'cf_gone_later' }),
    });
    const user = userEvent.setup();
    const { rerender } = render(<ApiTokensModal open onClose={vi.fn()} />);
    await user.type(await screen.findByLabelText('Token name'), 'Zapier');
    await user.click(screen.getByRole('checkbox', { name: 'webhooks' }));
    await user.click(createButton());
    expect(await screen.findByLabelText('Your new token')).toHaveValue('cf_gone_later');
    rerender(<ApiTokensModal open={false} onClose={vi.fn()} />);
    rerender(<ApiTokensModal open onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'API tokens' });
    expect(screen.queryByLabelText('Your new token')).not.toBeInTheDocument();
  });

  it("shows the server's detail when creating fails, and no secret", async () => {
    fakeServer({
      'GET /api/tokens': () => jsonResponse(200, []),
      'POST /api/tokens': () => jsonResponse(400, { detail: 'A token with this name already exists.' }),
    });
    const user = userEvent.setup();
    renderModal();
    await user.type(await screen.findByLabelText('Token name'), 'Zapier');
    await user.click(screen.getByRole('checkbox', { name: 'content:write' }));
    await user.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('A token with this name already exists.');
    expect(screen.queryByLabelText('Your new token')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Token name')).toHaveValue('Zapier');
  });

  it('revokes a token after the confirmation: DELETE /api/tokens/{id}, then it is gone from the list', async () => {
    let listed: ApiToken[] = [OLD, { ...OLD, id: 'tok-2', name: 'Sheets' }];
    const server = fakeServer({
      'GET /api/tokens': () => jsonResponse(200, listed),
      'DELETE /api/tokens/tok-1': () => {
        listed = listed.filter((token) => token.id !== 'tok-1');
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderModal();
    const tokens = await list();
    const revokeButtons = within(tokens).getAllByRole('button', { name: 'Revoke' });
    expect(revokeButtons[0]).toHaveAccessibleDescription('Zapier');
    await user.click(revokeButtons[0]!);

    const confirm = screen.getByRole('dialog', { name: 'Revoke token' });
    expect(confirm).toHaveTextContent('Zapier');
    expect(server.calls('DELETE /api/tokens/tok-1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke token' })).not.toBeInTheDocument());
    expect(server.calls('DELETE /api/tokens/tok-1')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your API tokens' })).not.toHaveTextContent('Zapier'));
    expect(screen.getByRole('list', { name: 'Your API tokens' })).toHaveTextContent('Sheets');
  });

  it("keeps the token and shows the server's detail when revoking fails; Cancel leaves it", async () => {
    fakeServer({
      'GET /api/tokens': () => jsonResponse(200, [OLD]),
      'DELETE /api/tokens/tok-1': () => jsonResponse(404, { detail: 'Token not found.' }),
    });
    const user = userEvent.setup();
    renderModal();
    await user.click(within(await list()).getByRole('button', { name: 'Revoke' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke token' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Token not found.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Revoke token' })).not.toBeInTheDocument();
    expect(await list()).toHaveTextContent('Zapier');
  });

  it('Escape closes the window', async () => {
    fakeServer({ 'GET /api/tokens': () => jsonResponse(200, []) });
    const user = userEvent.setup();
    const { onClose } = renderModal();
    expect(screen.getByLabelText('Token name')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

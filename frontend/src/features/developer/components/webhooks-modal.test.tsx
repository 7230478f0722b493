import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATOR_WEBHOOK_EVENTS, FOUNDER_WEBHOOK_EVENTS } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import type { Webhook, WebhookDelivery } from '../api/webhooks';
import { fakeServer, signIn } from '../testing/fake-server';
import { DELIVERY_REFRESH_MS, WebhooksModal } from './webhooks-modal';

const HOOK: Webhook = {
  id: 'wh-1',
  url: 'https://example.com/hooks',
  events: ['match.completed', 'content.released'],
  status: 'active',
  disabled_reason: null,
  created_at: '2026-11-01T10:00:00.000Z',
};

const DELIVERY: WebhookDelivery = {
  id: 'dl-1',
  event_id: 'ev-1',
  event_type: 'match.completed',
  attempt: 2,
  status: 'succeeded',
  response_code: 200,
  duration_ms: 120,
  error: null,
  created_at: '2026-11-29T03:00:00.000Z',
};

const premium = { is_premium: true, premium_until: null };

function renderModal() {
  const onClose = vi.fn();
  const onUpgrade = vi.fn();
  return { onClose, onUpgrade, ...render(<WebhooksModal open onClose={onClose} onUpgrade={onUpgrade} />) };
}

const endpoints = () => screen.findByRole('list', { name: 'Your endpoints' });
const addButton = () => screen.getByRole('button', { name: 'Add endpoint' });
const noContent = () => new Response(null, { status: 204 });

describe('WebhooksModal', () => {
  afterEach(() => vi.useRealTimers());

  describe('for a Free user', () => {
    beforeEach(() => signIn());

    it('explains webhooks and offers the upgrade instead of the form', async () => {
      fakeServer({ 'GET /api/webhooks': () => jsonResponse(200, []) });
      const user = userEvent.setup();
      const { onUpgrade } = renderModal();
      expect(screen.getByRole('dialog', { name: 'Webhooks' })).toBeInTheDocument();
      expect(screen.getByText('Webhooks are a Premium feature.')).toBeInTheDocument();
      expect(screen.getByText(/posts a signed JSON message to your own server/)).toBeInTheDocument();
      expect(screen.queryByLabelText('Endpoint URL')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add endpoint' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
      expect(onUpgrade).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/docs/api');
      expect(screen.getByText('Crossfeed-Signature')).toBeInTheDocument();
    });
  });

  describe('for a Premium user', () => {
    beforeEach(() => signIn(premium));

    it("lists the endpoints with their events and status, 'Disabled' with its reason", async () => {
      fakeServer({
        'GET /api/webhooks': () =>
          jsonResponse(200, [HOOK, { ...HOOK, id: 'wh-2', url: 'https://down.example.com/x', status: 'disabled', disabled_reason: 'Failing for 3 days' }]),
      });
      renderModal();
      expect(screen.getByText('Loading endpoints...')).toBeInTheDocument();
      const items = within(await endpoints()).getAllByRole('listitem').filter((item) => item.classList.contains('developer-item'));
      expect(items[0]).toHaveTextContent('https://example.com/hooks');
      expect(within(items[0]!).getByRole('list', { name: 'Events' })).toHaveTextContent('match.completedcontent.released');
      expect(items[0]).toHaveTextContent('Active');
      expect(items[1]).toHaveTextContent('Disabled: Failing for 3 days');
      for (const name of ['Delivery log', 'Send test event', 'Rotate secret', 'Delete']) {
        expect(within(items[1]!).getByRole('button', { name })).toHaveAccessibleDescription('https://down.example.com/x');
      }
    });

    it("says 'No endpoints yet.' and offers only the creator events (no founder group)", async () => {
      fakeServer({ 'GET /api/webhooks': () => jsonResponse(200, []) });
      renderModal();
      expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
      for (const event of CREATOR_WEBHOOK_EVENTS) expect(screen.getByRole('checkbox', { name: event })).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'link.clicked' })).toHaveAccessibleDescription('A person clicks one of your links.');
      expect(screen.queryByRole('group', { name: 'Founder (waitlist)' })).not.toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: 'waitlist.joined' })).not.toBeInTheDocument();
    });

    it("shows the server's detail when the list fails", async () => {
      fakeServer({ 'GET /api/webhooks': () => jsonResponse(500, { detail: 'Webhooks are unavailable.' }) });
      renderModal();
      expect(await screen.findByRole('alert')).toHaveTextContent('Webhooks are unavailable.');
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    });

    it('adds an endpoint: the signing secret is shown once with Copy, and the list refreshes with it', async () => {
      let listed: Webhook[] = [];
      const server = fakeServer({
        'GET /api/webhooks': () => jsonResponse(200, listed),
        'POST /api/webhooks': (body) => {
          const { url, events } = body as Pick<Webhook, 'url' | 'events'>;
          listed = [{ ...HOOK, id: 'wh-9', url, events }];
          return jsonResponse(201, { id: 'wh-9', url, events, status: 'active', created_at: HOOK.created_at, secret: 'whsec_once_456' });
        },
      });
      const user = userEvent.setup();
      renderModal();
      await screen.findByText('No endpoints yet.');
      expect(addButton()).toBeDisabled();
      await user.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.example.com/cf');
      expect(addButton()).toBeDisabled();
      await user.click(screen.getByRole('checkbox', { name: 'match.completed' }));
      await user.click(screen.getByRole('checkbox', { name: 'content.released' }));
      await user.click(addButton());

      const secret = await screen.findByLabelText('Signing secret');
      expect(secret).toHaveValue('whsec_once_456');
      expect(secret).toHaveAttribute('readonly');
      expect(screen.getByText('Copy it now: you will not see it again.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
      expect(server.calls('POST /api/webhooks')[0]!.body).toEqual({ url: 'https://hooks.example.com/cf', events: ['content.released', 'match.completed'] });
      expect(screen.getByLabelText('Endpoint URL')).toHaveValue('');
      await waitFor(() => expect(server.calls('GET /api/webhooks')).toHaveLength(2));
      expect(await endpoints()).toHaveTextContent('https://hooks.example.com/cf');
    });

    it("shows the server's detail when adding is refused, and no secret", async () => {
      fakeServer({
        'GET /api/webhooks': () => jsonResponse(200, []),
        'POST /api/webhooks': () => jsonResponse(400, { detail: 'The URL must use https.' }),
      });
      const user = userEvent.setup();
      renderModal();
      await user.type(await screen.findByLabelText('Endpoint URL'), 'http://example.com');
      await user.click(screen.getByRole('checkbox', { name: 'link.clicked' }));
      await user.click(addButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('The URL must use https.');
      expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
    });

    it('rotates the secret after a confirmation and shows the new one', async () => {
      const server = fakeServer({
        'GET /api/webhooks': () => jsonResponse(200, [HOOK]),
        'POST /api/webhooks/wh-1/rotate-secret': () => jsonResponse(200, { id: 'wh-1', secret: 'whsec_rotated' }),
      });
      const user = userEvent.setup();
      renderModal();
      await user.click(within(await endpoints()).getByRole('button', { name: 'Rotate secret' }));
      const confirm = screen.getByRole('dialog', { name: 'Rotate secret' });
      await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
      expect(await screen.findByLabelText('Signing secret')).toHaveValue('whsec_rotated');
      expect(server.calls('POST /api/webhooks/wh-1/rotate-secret')).toHaveLength(1);
    });

    it('deletes an endpoint after a confirmation', async () => {
      let listed = [HOOK];
      const server = fakeServer({
        'GET /api/webhooks': () => jsonResponse(200, listed),
        'DELETE /api/webhooks/wh-1': () => {
          listed = [];
          return noContent();
        },
      });
      const user = userEvent.setup();
      renderModal();
      await user.click(within(await endpoints()).getByRole('button', { name: 'Delete' }));
      const confirm = screen.getByRole('dialog', { name: 'Delete endpoint' });
      expect(confirm).toHaveTextContent('https://example.com/hooks');
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
      expect(server.calls('DELETE /api/webhooks/wh-1')).toHaveLength(1);
    });

    it('shows the delivery log as a table, and Resend posts to the delivery’s resend URL', async () => {
      const server = fakeServer({
        'GET /api/webhooks': () => jsonResponse(200, [HOOK]),
        'GET /api/webhooks/wh-1/deliveries': () =>
          jsonResponse(200, [DELIVERY, { ...DELIVERY, id: 'dl-2', attempt: 1, status: 'failed', response_code: null, duration_ms: 5000, error: 'Timed out' }]),
        'POST /api/webhooks/wh-1/deliveries/dl-2/resend': () => jsonResponse(202, { event_id: 'ev-1' }),
      });
      const user = userEvent.setup();
      renderModal();
      await user.click(within(await endpoints()).getByRole('button', { name: 'Delivery log' }));

      const table = await screen.findByRole('table');
      const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
      expect(headers).toEqual(['Event', 'Status', 'Response', 'Duration', 'Time', 'Attempt', 'Actions']);
      const [, first, second] = within(table).getAllByRole('row');
      expect(first).toHaveTextContent(/match\.completed\s*Succeeded\s*200\s*120 ms/);
      expect(second).toHaveTextContent(/Failed\s*Timed out\s*5\.0 s/);
      await user.click(within(second!).getByRole('button', { name: 'Resend' }));
      expect(await screen.findByText('Event sent again.')).toBeInTheDocument();
      expect(server.calls('POST /api/webhooks/wh-1/deliveries/dl-2/resend')).toHaveLength(1);
      expect(server.sent.filter((request) => request.route.endsWith('/resend'))).toHaveLength(1);
    });

    it("says 'No deliveries yet.', and Refresh reads the log again", async () => {
      let deliveries: WebhookDelivery[] = [];
      const server = fakeServer({
        'GET /api/webhooks': () => jsonResponse(200, [HOOK]),
        'GET /api/webhooks/wh-1/deliveries': () => jsonResponse(200, deliveries),
      });
      const user = userEvent.setup();
      renderModal();
      await user.click(within(await endpoints()).getByRole('button', { name: 'Delivery log' }));
      expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
      deliveries = [DELIVERY];
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByRole('table')).toHaveTextContent('match.completed');
      expect(server.calls('GET /api/webhooks/wh-1/deliveries')).toHaveLength(2);
    });

    it("Send test event says 'Test event sent.', opens the log, and reads it again shortly after", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let deliveries: WebhookDelivery[] = [];
      const server = fakeServer({
        'GET /api/webhooks': () => jsonResponse(200, [HOOK]),
        'POST /api/webhooks/wh-1/test': () => jsonResponse(202, { event_id: 'ev-t' }),
        'GET /api/webhooks/wh-1/deliveries': () => jsonResponse(200, deliveries),
      });
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      renderModal();
      await user.click(within(await endpoints()).getByRole('button', { name: 'Send test event' }));
      expect(await screen.findByText('Test event sent.')).toBeInTheDocument();
      expect(server.calls('POST /api/webhooks/wh-1/test')).toHaveLength(1);
      await screen.findByRole('heading', { name: /Delivery log/ });
      expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
      // The worker delivers it in the background; the log has not been asked since.
      deliveries = [{ ...DELIVERY, id: 'dl-t', event_type: 'webhook.test', attempt: 1 }];
      expect(server.calls('GET /api/webhooks/wh-1/deliveries')).toHaveLength(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(DELIVERY_REFRESH_MS);
      });
      expect(await screen.findByText('webhook.test')).toBeInTheDocument();
      expect(server.calls('GET /api/webhooks/wh-1/deliveries')).toHaveLength(2);
    });

    it("shows the server's detail when the test event is refused", async () => {
      fakeServer({
        'GET /api/webhooks': () => jsonResponse(200, [HOOK]),
        'POST /api/webhooks/wh-1/test': () => jsonResponse(409, { detail: 'This endpoint is disabled.' }),
      });
      const user = userEvent.setup();
      renderModal();
      await user.click(within(await endpoints()).getByRole('button', { name: 'Send test event' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('This endpoint is disabled.');
      expect(screen.queryByText('Test event sent.')).not.toBeInTheDocument();
    });
  });

  describe('for an admin', () => {
    beforeEach(() => signIn({ is_admin: true }));

    it("gets the form with the founder's waitlist events in their own group", async () => {
      fakeServer({ 'GET /api/webhooks': () => jsonResponse(200, []) });
      renderModal();
      await screen.findByText('No endpoints yet.');
      const founder = screen.getByRole('group', { name: 'Founder (waitlist)' });
      for (const event of FOUNDER_WEBHOOK_EVENTS) expect(within(founder).getByRole('checkbox', { name: event })).toBeInTheDocument();
      expect(screen.getByLabelText('Endpoint URL')).toHaveFocus();
    });
  });
});

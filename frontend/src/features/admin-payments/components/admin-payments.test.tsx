import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import type { AdminPaymentDto } from '../api/get-admin-payments';
import { AdminPayments } from './admin-payments';

const payment = (overrides: Partial<AdminPaymentDto> = {}): AdminPaymentDto => ({
  user_id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  payment_id: 'in_1',
  amount_cents: 1200,
  currency: 'usd',
  paid_at: '2026-11-21T10:00:00.000Z',
  refundable_until: '2026-12-05T10:00:00.000Z',
  refundable: true,
  refunded_at: null,
  is_premium: true,
  ...overrides,
});

type Call = [string, RequestInit | undefined];

describe('AdminPayments', () => {
  it('lists the refundable payments, and Refund asks first, then refunds and reloads', async () => {
    let refunded = false;
    const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        refunded = true;
        return jsonResponse(200, { refunded: true, refund_id: 're_1', payment_id: 'in_1', amount_cents: 1200, currency: 'usd' });
      }
      return jsonResponse(200, { payments: refunded ? [] : [payment()] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const success = vi.spyOn(toast, 'success');
    render(<AdminPayments />);

    const row = (await screen.findByRole('rowheader', { name: 'ada' })).closest('tr')!;
    expect(within(row).getByText('$12 USD')).toBeInTheDocument();
    expect(within(row).getByText(/^Refundable until/)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/admin/subscriptions?refundable=true');

    await userEvent.click(within(row).getByRole('button', { name: 'Refund ada' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    expect(dialog).toHaveTextContent('Refund $12 USD to ada under the 14-day money-back guarantee?');
    // Nothing is refunded before the confirmation.
    expect((fetchMock.mock.calls as Call[]).some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await vi.waitFor(() => expect(success.mock.calls[0]?.[0]).toBe('Payment refunded. Premium has ended.'));
    expect(fetchMock).toHaveBeenCalledWith('/admin/subscriptions/u1/refund', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText('No Premium payments to show.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Refund payment' })).not.toBeInTheDocument();
  });

  it("cancelling the confirmation refunds nothing; a refused refund shows the server's detail in the dialog", async () => {
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse(409, { detail: 'The 14-day money-back guarantee for this payment ended on 2026-12-05.' })
        : jsonResponse(200, { payments: [payment()] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<AdminPayments />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund ada' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Refund payment' })).getByRole('button', { name: 'Cancel' }));
    expect((fetchMock.mock.calls as Call[]).some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Refund ada' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The 14-day money-back guarantee for this payment ended on 2026-12-05.')).toBeInTheDocument();
  });

  it('shows every recent payment when the filter is off, with no Refund button for a refunded or old one', async () => {
    const fetchMock = vi.fn(async (path: string) =>
      jsonResponse(200, {
        payments: path.includes('refundable')
          ? []
          : [payment({ refundable: false, refunded_at: '2026-11-22T10:00:00.000Z' }), payment({ user_id: 'u2', username: 'bob', refundable: false })],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<AdminPayments />);
    expect(await screen.findByText('No Premium payments to show.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Refundable only (last 14 days)' }));
    const ada = (await screen.findByRole('rowheader', { name: 'ada' })).closest('tr')!;
    expect(within(ada).getByText(/^Refunded/)).toBeInTheDocument();
    const bob = screen.getByRole('rowheader', { name: 'bob' }).closest('tr')!;
    expect(within(bob).getByText('Past the 14 days')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refund / })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith('/admin/subscriptions', expect.anything());
  });

  it('a failed load offers Retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (fail ? jsonResponse(500, {}) : jsonResponse(200, { payments: [payment()] }))),
    );
    render(<AdminPayments />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load Premium payments.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'ada' })).toBeInTheDocument();
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import { ResetPasswordForm } from './reset-password-form';

const renderReset = (url: string) => renderRoute(<ResetPasswordForm />, { path: '/reset-password', url });

describe('ResetPasswordForm', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(['/reset-password', '/reset-password?token=', '/reset-password?token=%20'])(
    'without a token (%s) shows the invalid-token message and a link to request a new one',
    (url) => {
      renderReset(url);

      expect(screen.getByRole('alert')).toHaveTextContent('Invalid or missing password reset token.');
      expect(screen.getByRole('link', { name: 'Request a new password reset link' })).toHaveAttribute('href', '/forgot-password');
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    },
  );

  it("rejects passwords that do not match with 'Passwords do not match.'", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderReset('/reset-password?token=abc');

    await userEvent.type(screen.getByLabelText('New password'), 'Secret123!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Secret123?');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's detail, or 'Failed to reset password.'", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(400, { detail: 'Invalid or missing password reset token.' })));
    const { unmount } = renderReset('/reset-password?token=old');
    await userEvent.type(screen.getByLabelText('New password'), 'Secret123!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Secret123!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or missing password reset token.');
    unmount();

    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderReset('/reset-password?token=old');
    await userEvent.type(screen.getByLabelText('New password'), 'Secret123!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Secret123!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password.');
  });

  it('sends the token and new password, confirms, and goes to /login after 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'Password reset.' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderReset('/reset-password?token=tok-123');

    await user.type(screen.getByLabelText('New password'), 'Secret123!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret123!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset successfully.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/auth/reset-password');
    expect(init.body).toBe(JSON.stringify({ token: 'tok-123', new_password: 'Secret123!' }));

    // The clock also runs in real time (shouldAdvanceTime), so the checks keep a margin either side of 3000 ms.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

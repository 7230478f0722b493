import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import { ForgotPasswordForm } from './forgot-password-form';

const renderForgot = () => renderRoute(<ForgotPasswordForm />, { path: '/forgot-password' });

async function submit(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordForm', () => {
  it.each(['', 'alice', 'alice@example', 'al ice@example.com'])('rejects %j as an invalid email without calling the server', async (email) => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForgot();

    if (email) await userEvent.type(screen.getByLabelText('Email'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the email and says to check the inbox', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'If that address is registered, a link is on its way.' }));
    vi.stubGlobal('fetch', fetchMock);
    renderForgot();

    await submit('alice@example.com');

    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox for a password reset link.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/auth/forgot-password');
    expect(init.body).toBe(JSON.stringify({ email: 'alice@example.com' }));
  });

  it("shows the server's detail, or 'Unable to send reset link. Please try again.'", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(429, { detail: 'Too many requests.' })));
    const { unmount } = renderForgot();
    await submit('alice@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    unmount();

    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, {})));
    renderForgot();
    await submit('alice@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to send reset link. Please try again.');
  });

  it('reports a network failure as an unexpected error', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderForgot();

    await submit('alice@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again later.');
  });
});

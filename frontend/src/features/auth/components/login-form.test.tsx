import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import { LoginForm } from './login-form';

const renderLogin = () => renderRoute(<LoginForm />, { path: '/login' });

describe('LoginForm', () => {
  it('has labelled fields, Remember me, the forgot-password and sign-up links', () => {
    renderLogin();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('says the e-mail is confirmed when the confirmation link lands here', () => {
    renderRoute(<LoginForm />, { path: '/login', url: '/login?email_confirmed=1' });
    expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is confirmed. You can sign in.');
  });

  it("says 'Session expired. Please log in again.' after a session ended by expiry, until a login", async () => {
    useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());
    useAppStore.getState().logout({ expired: true });
    renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent('Session expired. Please log in again.');
  });

  it('shows no session notice after a logout by the user', () => {
    useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());
    useAppStore.getState().logout();
    renderLogin();
    expect(screen.queryByText('Session expired. Please log in again.')).not.toBeInTheDocument();
  });

  it('requires username and password and sends nothing without them', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();

    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your username and password.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's detail when the login is refused", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { detail: 'Incorrect username or password.' })));
    renderLogin();

    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(useAppStore.getState().token).toBeNull();
  });

  it("falls back to 'Login failed. Please try again.' without a detail", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, {})));
    renderLogin();

    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('reports a network failure as an unexpected error', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderLogin();

    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again later.');
  });

  it('posts the form-encoded credentials, stores the session and goes to /app/home', async () => {
    const token = makeJwt(Math.floor(Date.now() / 1000) + 3600);
    const user = makeUser();
    const fetchMock = vi.fn(async () => jsonResponse(200, { access_token: token, token_type: 'bearer', user }));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();

    await userEvent.type(screen.getByLabelText('Username'), ' alice ');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/app/home');
    expect(fetchMock).toHaveBeenCalledWith('/auth/login', expect.objectContaining({ method: 'POST' }));
    expect(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)).toBe('username=alice&password=Secret123%21');
    expect(useAppStore.getState().token).toBe(token);
    expect(useAppStore.getState().user).toEqual(user);
  });

  describe('Remember me', () => {
    const succeed = () => {
      const token = makeJwt(Math.floor(Date.now() / 1000) + 3600);
      vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { access_token: token, token_type: 'bearer', user: makeUser() })));
    };
    async function signInAs(username: string, remember: boolean) {
      const view = renderLogin();
      const box = screen.getByRole('checkbox', { name: 'Remember me' });
      if ((box as HTMLInputElement).checked !== remember) await userEvent.click(box);
      await userEvent.clear(screen.getByLabelText('Username'));
      await userEvent.type(screen.getByLabelText('Username'), username);
      await userEvent.type(screen.getByLabelText('Password'), 'Secret123!');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      await vi.waitFor(() => expect(useAppStore.getState().token).not.toBeNull());
      view.unmount();
      useAppStore.getState().logout();
    }

    it('prefills the username at the next sign-in when it was checked', async () => {
      succeed();
      await signInAs('alice', true);

      renderLogin();
      expect(screen.getByLabelText('Username')).toHaveValue('alice');
      expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    });

    it('forgets a remembered username when a sign-in leaves it unchecked', async () => {
      succeed();
      await signInAs('alice', true);
      await signInAs('alice', false);

      renderLogin();
      expect(screen.getByLabelText('Username')).toHaveValue('');
      expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    });
  });
});

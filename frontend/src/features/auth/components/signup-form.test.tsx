import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import { SignupForm, validateSignup } from './signup-form';

const renderSignup = () => renderRoute(<SignupForm />, { path: '/signup' });

async function fill(user: ReturnType<typeof userEvent.setup>, values: { username?: string; email?: string; password?: string; agree?: boolean }) {
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.agree) await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
}

describe('validateSignup', () => {
  const valid = { username: 'alice', email: 'alice@example.com', password: 'Secret123!', agreed: true };

  it('checks required fields, then the email, then the strength', () => {
    expect(validateSignup(valid)).toBeNull();
    expect(validateSignup({ ...valid, agreed: false })).toBe('Please fill in all required fields and agree to the terms.');
    expect(validateSignup({ ...valid, username: '  ' })).toBe('Please fill in all required fields and agree to the terms.');
    expect(validateSignup({ ...valid, email: 'alice@example' })).toBe('Please enter a valid email address.');
    expect(validateSignup({ ...valid, password: 'abcdefgh' })).toBe('Password is too weak. Please use a stronger password.');
    expect(validateSignup({ ...valid, password: 'abcdefg1' })).toBeNull();
  });
});

describe('SignupForm', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes the e-mail from the waitlist confirmation it came from (/signup?email=...)', () => {
    renderRoute(<SignupForm />, { path: '/signup', url: '/signup?email=ada%40example.com' });
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('requires every field and the terms before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderSignup();

    await fill(user, { username: 'alice', email: 'alice@example.com', password: 'Secret123!' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields and agree to the terms.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an invalid email', async () => {
    const user = userEvent.setup();
    renderSignup();

    await fill(user, { username: 'alice', email: 'not-an-email', password: 'Secret123!', agree: true });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  });

  it('rejects a weak password', async () => {
    const user = userEvent.setup();
    renderSignup();

    await fill(user, { username: 'alice', email: 'alice@example.com', password: 'password', agree: true });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Password is too weak. Please use a stronger password.');
  });

  it('clears an error as soon as a field is edited', async () => {
    const user = userEvent.setup();
    renderSignup();

    await fill(user, { username: 'alice', email: 'not-an-email', password: 'Secret123!', agree: true });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');

    await user.type(screen.getByLabelText('Email'), '.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("clears the server's error when the username is changed, and when the terms box is toggled", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(409, { detail: 'Username already registered.' })));
    const user = userEvent.setup();
    renderSignup();

    await fill(user, { username: 'alice', email: 'alice@example.com', password: 'Secret123!', agree: true });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Username already registered.');
    await user.type(screen.getByLabelText('Username'), '2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Username already registered.');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the strength meter as Weak, Medium and Strong', async () => {
    const user = userEvent.setup();
    renderSignup();
    const password = screen.getByLabelText('Password');

    await user.type(password, 'abc');
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    await user.type(password, 'defgh1');
    expect(screen.getByText('Password strength: Medium')).toBeInTheDocument();
    await user.type(password, 'X');
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderSignup();

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it("shows the server's detail when registration fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(409, { detail: 'Username already registered.' })));
    const user = userEvent.setup();
    renderSignup();

    await fill(user, { username: 'alice', email: 'alice@example.com', password: 'Secret123!', agree: true });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Username already registered.');
  });

  it('registers, signs in, marks the tour not done, then goes to /app/profile-builder after 1200 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const account = makeUser({ id: 'new-user' });
    const token = makeJwt(Math.floor(Date.now() / 1000) + 3600);
    const fetchMock = vi.fn(async (url: string) =>
      url === '/auth/register' ? jsonResponse(201, account) : jsonResponse(200, { access_token: token, token_type: 'bearer', user: account }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSignup();

    await fill(user, { username: 'alice', email: 'alice@example.com', password: 'Secret123!', agree: true });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Signup successful! Redirecting...');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/auth/register', '/auth/login']);
    expect(useAppStore.getState().token).toBe(token);
    expect(localStorage.getItem('hasCompletedTour-new-user')).toBe('false');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(screen.getByTestId('location')).toHaveTextContent('/app/profile-builder');
  });
});

import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FormMessage } from '@/components/ui/form-message';
import { errorMessage } from '@/lib/api-client';
import { SESSION_EXPIRED } from '@/lib/notify';
import { useAppStore } from '@/stores/app-store';
import { login } from '../api/login';
import { UNEXPECTED_ERROR } from '../messages';
import { readRememberedUsername, rememberUsername } from '../utils/remembered-username';
import { PasswordInput } from './password-input';

export const LOGIN_REQUIRED = 'Please enter your username and password.';
export const LOGIN_FAILED = 'Login failed. Please try again.';
/** Shown when the account confirmation link (e-mailed at registration) lands here: /login?email_confirmed=1. */
export const EMAIL_CONFIRMED = 'Your e-mail address is confirmed. You can sign in.';

type FromState = { from?: { pathname?: string; search?: string } } | null;

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const storeLogin = useAppStore((state) => state.login);
  // Also when the app was opened with an expired stored token, which no toast announced.
  const sessionExpired = useAppStore((state) => state.sessionExpired);
  const [username, setUsername] = useState(() => readRememberedUsername() ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => readRememberedUsername() !== null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(LOGIN_REQUIRED);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const session = await login({ username: username.trim(), password });
      rememberUsername(username.trim(), remember);
      storeLogin(session.access_token, session.user);
      // A protected page (or /pricing) that sent the visitor here gets them back; otherwise the workspace.
      const from = (location.state as FromState)?.from;
      navigate(from?.pathname ? `${from.pathname}${from.search ?? ''}` : '/app/home', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, LOGIN_FAILED, UNEXPECTED_ERROR));
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <div className="form-field">
        <label htmlFor="login-username">Username</label>
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor="login-password">Password</label>
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <div className="form-row">
        <label className="checkbox">
          <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          Remember me
        </label>
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <FormMessage tone="success">{new URLSearchParams(location.search).get('email_confirmed') === '1' ? EMAIL_CONFIRMED : null}</FormMessage>
      <FormMessage tone="info">{sessionExpired && !error ? SESSION_EXPIRED : null}</FormMessage>
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </button>
      <p className="form-footnote">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </form>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { FormMessage } from '@/components/ui/form-message';
import { errorMessage } from '@/lib/api-client';
import { resetPassword } from '../api/reset-password';
import { PasswordInput } from './password-input';

export const RESET_DONE = 'Your password has been reset successfully.';
export const RESET_FAILED = 'Failed to reset password.';
/** SPEC §9 reset redirect. */
export const RESET_REDIRECT_MS = 3000;

export function ResetPasswordForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token) {
    return (
      <div className="auth-form">
        <FormMessage tone="error">{MESSAGES.invalidResetToken}</FormMessage>
        <p>
          <Link to="/forgot-password">Request a new password reset link</Link>
        </p>
      </div>
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || !confirmation) {
      setError('Please enter a new password.');
      return;
    }
    if (password !== confirmation) {
      setError(MESSAGES.passwordsDoNotMatch);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await resetPassword({ token, new_password: password });
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure, RESET_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-label="Reset password">
      <div className="form-field">
        <label htmlFor="reset-password">New password</label>
        <PasswordInput
          id="reset-password"
          name="new_password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor="reset-confirmation">Confirm new password</label>
        <PasswordInput
          id="reset-confirmation"
          name="confirm_password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </div>
      <FormMessage tone="error">{error}</FormMessage>
      <FormMessage tone="success">{done ? RESET_DONE : null}</FormMessage>
      <button type="submit" className="button button-primary" disabled={busy || done}>
        {busy ? 'Resetting...' : 'Reset password'}
      </button>
    </form>
  );
}

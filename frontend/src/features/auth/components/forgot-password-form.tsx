import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, isValidEmail } from '@crossfeed/domain/rules/validation.ts';
import { FormMessage } from '@/components/ui/form-message';
import { errorMessage } from '@/lib/api-client';
import { requestPasswordReset } from '../api/forgot-password';
import { UNEXPECTED_ERROR } from '../messages';

export const RESET_LINK_SENT = 'Check your inbox for a password reset link.';
export const RESET_LINK_FAILED = 'Unable to send reset link. Please try again.';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(false);
    if (!isValidEmail(email.trim())) {
      setError(MESSAGES.invalidEmail);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (failure) {
      setError(errorMessage(failure, RESET_LINK_FAILED, UNEXPECTED_ERROR));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-label="Forgot password">
      <div className="form-field">
        <label htmlFor="forgot-email">Email</label>
        <input
          id="forgot-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <FormMessage tone="error">{error}</FormMessage>
      <FormMessage tone="success">{sent ? RESET_LINK_SENT : null}</FormMessage>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </button>
      <p className="form-footnote">
        Remembered it? <Link to="/login">Back to login</Link>
      </p>
    </form>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { MESSAGES, isValidEmail, passwordStrength } from '@crossfeed/domain/rules/validation.ts';
import { FormMessage } from '@/components/ui/form-message';
import { errorMessage } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { login } from '../api/login';
import { register } from '../api/register';
import { UNEXPECTED_ERROR } from '../messages';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

export const SIGNUP_FAILED = 'Signup failed. Please try again.';
export const SIGNUP_SUCCESS = 'Signup successful! Redirecting...';
/** SPEC §9 post-signup redirect. */
export const SIGNUP_REDIRECT_MS = 1200;

/** SPEC §5 Signup, in order: all required (terms included), a valid email, a password that is not Weak. */
export function validateSignup(input: { username: string; email: string; password: string; agreed: boolean }): string | null {
  if (!input.username.trim() || !input.email.trim() || !input.password || !input.agreed) return MESSAGES.signupRequired;
  if (!isValidEmail(input.email.trim())) return MESSAGES.invalidEmail;
  if (passwordStrength(input.password) === 'Weak') return MESSAGES.weakPassword;
  return null;
}

export function SignupForm() {
  const navigate = useNavigate();
  const storeLogin = useAppStore((state) => state.login);
  // From the waitlist's "Create your account" (/signup?email=...): the address that holds the spot.
  const [searchParams] = useSearchParams();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState(() => searchParams.get('email')?.trim().slice(0, 254) ?? '');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  /** "Waitlist #4: lifetime Premium" when the waitlist carried over at sign-up. */
  const [waitlistTier, setWaitlistTier] = useState<string | null>(null);

  /** An edit answers the error shown: it goes, and the next Sign Up checks again. */
  const edited =
    <Value,>(setValue: (value: Value) => void) =>
    (value: Value) => {
      setValue(value);
      setError(null);
    };
  const editUsername = edited(setUsername);
  const editEmail = edited(setEmail);
  const editPassword = edited(setPassword);
  const editAgreed = edited(setAgreed);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/app/profile-builder', { replace: true }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateSignup({ username, email, password, agreed });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const credentials = { username: username.trim(), password };
      const created = await register({ ...credentials, email: email.trim() });
      if (created.waitlist) {
        setWaitlistTier(created.waitlist.message);
        toast.success(created.waitlist.message, { toastId: 'waitlist-tier' });
      }
      // Register answers the user without a token; signing in with the same credentials opens the session.
      const session = await login(credentials);
      storeLogin(session.access_token, session.user, { isNewUser: true });
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure, SIGNUP_FAILED, UNEXPECTED_ERROR));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-label="Sign up">
      <div className="form-field">
        <label htmlFor="signup-username">Username</label>
        <input
          id="signup-username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => editUsername(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor="signup-email">Email</label>
        <input
          id="signup-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => editEmail(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor="signup-password">Password</label>
        <PasswordInput
          id="signup-password"
          name="password"
          autoComplete="new-password"
          required
          aria-describedby="signup-password-strength"
          value={password}
          onChange={(event) => editPassword(event.target.value)}
        />
        <PasswordStrengthMeter password={password} id="signup-password-strength" />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="terms" required checked={agreed} onChange={(event) => editAgreed(event.target.checked)} />
        <span>
          I agree to the <Link to="/terms">terms</Link>
        </span>
      </label>
      <FormMessage tone="error">{error}</FormMessage>
      <FormMessage tone="success">{done ? SIGNUP_SUCCESS : null}</FormMessage>
      {waitlistTier ? (
        <p className="auth-waitlist-tier" role="status" data-testid="waitlist-tier">
          {waitlistTier}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy || done}>
        {busy ? 'Signing Up...' : 'Sign Up'}
      </button>
      <p className="form-footnote">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </form>
  );
}

import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormMessage } from '@/components/ui/form-message';
import { errorMessage } from '@/lib/api-client';
import { contentTypeLabel } from '@crossfeed/domain/rules/content-types.ts';
import { useAppStore } from '@/stores/app-store';
import { createProfile } from '../api/create-profile';
import {
  CATEGORY_NAMES,
  CONTENT_TYPES,
  DEFAULT_CONTENT_TYPE,
  PROFILE_BIO_MAX,
  PROFILE_CREATE_FAILED,
  PROFILE_NAME_MAX,
  PROFILE_UNEXPECTED,
  interestsFor,
  toggleCategory,
  validateBasicInfo,
  validateInterests,
  type ProfileCategory,
} from '../profile-setup';
import { ErrorDialog } from './error-dialog';
import '../profile.css';

const STEPS = ['Basic Info', 'Your Interests'] as const;

/** SPEC §2/§5 Profile setup: two steps, saved only from step 2; success reloads the user and opens the workspace. */
export function ProfileBuilder() {
  const navigate = useNavigate();
  const refreshUser = useAppStore((state) => state.refreshUser);
  const [step, setStep] = useState<0 | 1>(0);
  const [name, setName] = useState('');
  const [bio, setBio] = useState('');
  const [selection, setSelection] = useState<{ categories: ProfileCategory[]; interests: string[] }>({
    categories: [],
    interests: [],
  });
  const [contentType, setContentType] = useState<string>(DEFAULT_CONTENT_TYPE);
  const [error, setError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const closeDialog = useCallback(() => setDialogError(null), []);

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateBasicInfo(name, bio);
    setError(invalid);
    if (!invalid) setStep(1);
  }

  function back() {
    setError(null);
    setStep(0);
  }

  function toggleInterest(interest: string) {
    setSelection((current) => ({
      ...current,
      interests: current.interests.includes(interest)
        ? current.interests.filter((item) => item !== interest)
        : [...current.interests, interest],
    }));
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateBasicInfo(name, bio) ?? validateInterests(selection.categories, selection.interests);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await createProfile({
        name: name.trim(),
        bio: bio.trim(),
        categories: selection.categories.map((category) => category.toLowerCase()),
        interests: selection.interests,
        content_type: contentType,
      });
      await refreshUser();
      navigate('/app/home', { replace: true });
    } catch (failure) {
      setDialogError(errorMessage(failure, PROFILE_CREATE_FAILED, PROFILE_UNEXPECTED));
      setBusy(false);
    }
  }

  const offered = interestsFor(selection.categories);

  return (
    <div className="profile-builder">
      <ol className="profile-steps" aria-label="Profile setup steps">
        {STEPS.map((label, index) => (
          <li key={label} aria-current={index === step ? 'step' : undefined} className={index === step ? 'current' : undefined}>
            <span className="profile-step-number">{index + 1}</span> {label}
          </li>
        ))}
      </ol>

      {step === 0 ? (
        <form className="auth-form profile-form" onSubmit={next} noValidate aria-label="Basic Info">
          <h2>Basic Info</h2>
          <div className="form-field">
            <label htmlFor="profile-name">Name</label>
            <input
              id="profile-name"
              name="name"
              autoComplete="name"
              required
              maxLength={PROFILE_NAME_MAX}
              aria-describedby="profile-name-count"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <span id="profile-name-count" className="char-count">
              {name.length}/{PROFILE_NAME_MAX}
            </span>
          </div>
          <div className="form-field">
            <label htmlFor="profile-bio">Bio</label>
            <textarea
              id="profile-bio"
              name="bio"
              rows={4}
              required
              maxLength={PROFILE_BIO_MAX}
              aria-describedby="profile-bio-count"
              value={bio}
              onChange={(event) => setBio(event.target.value)}
            />
            <span id="profile-bio-count" className="char-count">
              {bio.length}/{PROFILE_BIO_MAX}
            </span>
          </div>
          <FormMessage tone="error">{error}</FormMessage>
          <button type="submit" className="button button-primary">
            Next
          </button>
        </form>
      ) : (
        <form className="auth-form profile-form" onSubmit={save} noValidate aria-label="Your Interests">
          <h2>Your Interests</h2>
          <fieldset className="chip-group">
            <legend>Categories</legend>
            {CATEGORY_NAMES.map((category) => (
              <label key={category} className="chip">
                <input
                  type="checkbox"
                  checked={selection.categories.includes(category)}
                  onChange={() => setSelection((current) => toggleCategory(current, category))}
                />
                <span>{category}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="chip-group">
            <legend>Interests</legend>
            {offered.length === 0 ? <p className="form-footnote">Choose a category to see its interests.</p> : null}
            {offered.map((interest) => (
              <label key={interest} className="chip">
                <input
                  type="checkbox"
                  checked={selection.interests.includes(interest)}
                  onChange={() => toggleInterest(interest)}
                />
                <span>{interest}</span>
              </label>
            ))}
          </fieldset>
          <div className="form-field">
            <label htmlFor="profile-content-type">Main content type</label>
            <select id="profile-content-type" value={contentType} onChange={(event) => setContentType(event.target.value)}>
              {CONTENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {contentTypeLabel(type)}
                </option>
              ))}
            </select>
          </div>
          <FormMessage tone="error">{error}</FormMessage>
          <div className="form-row">
            <button type="button" className="button button-ghost" onClick={back} disabled={busy}>
              Back
            </button>
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save Profile'}
            </button>
          </div>
        </form>
      )}

      <ErrorDialog title="Could not save your profile" message={dialogError} onClose={closeDialog} />
    </div>
  );
}

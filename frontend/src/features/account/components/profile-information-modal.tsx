import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { CONTENT_TYPES } from '@crossfeed/domain/rules/content-types.ts';
import { PROFILE_BIO_MAX, PROFILE_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useContentTypes } from '@/lib/api/use-content-types';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { loadStateOf } from '@/lib/query/load-state';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { scoreBarWidth } from '@/lib/audience-score';
import { contentTypeLabel } from '@crossfeed/domain/rules/content-types.ts';
import { useAppStore } from '@/stores/app-store';
import { AudienceScoreParts } from './audience-score-parts';
import { PromoCodesModal } from './promo-codes-modal';
import { ReferralLinkModal } from './referral-link-modal';
import { getProfile, type AccountProfile } from '../api/get-profile';
import { updateProfile } from '../api/update-profile';
import { CONTENT_TYPES_FAILED, PROFILE_FETCH_FAILED, PROFILE_UPDATE_FAILED, PROFILE_UPDATED } from '../messages';
import {
  categoriesFromProfile,
  categoryOptions,
  contentTypeOptions,
  formatAudienceScore,
  interestOptions,
  toggleCategory,
  toggleInterest,
  toUpdateBody,
  validateProfile,
} from '../utils/profile-form';
import { ChangePasswordModal } from './change-password-modal';
import '../account.css';

type ProfileInformationModalProps = {
  open: boolean;
  onClose: () => void;
  /** The footer's API tokens and Webhooks buttons (issue 26): app/ opens those windows, another feature's, in this one's place. */
  onOpenApiTokens?: () => void;
  onOpenWebhooks?: () => void;
};

type TypesState = { status: 'loading' } | { status: 'ready'; types: readonly string[]; error: string | null };

/** The profile in the query cache: read at each opening, dropped when the window closes. */
const profileKey = (userId: string | null) => ['account-profile', userId] as const;

/** The dialogs the footer opens on top of this one. */
type SubModal = 'password' | 'referrals' | 'promo-codes' | null;

type FormFields = { name: string; bio: string; categories: string[]; interests: string[]; contentType: string };

const EMPTY_FORM: FormFields = { name: '', bio: '', categories: [], interests: [], contentType: '' };

function formFrom(profile: AccountProfile): FormFields {
  return {
    name: typeof profile.name === 'string' ? profile.name : '',
    bio: typeof profile.bio === 'string' ? profile.bio : '',
    categories: categoriesFromProfile(profile.categories),
    interests: Array.isArray(profile.interests) ? profile.interests.filter((item) => typeof item === 'string') : [],
    contentType: typeof profile.content_type === 'string' ? profile.content_type.toLowerCase() : '',
  };
}

function AudienceScore({ score }: { score: number | null | undefined }) {
  const labelId = useId();
  const text = formatAudienceScore(score);
  const hasScore = typeof score === 'number' && Number.isFinite(score);
  return (
    <div className="account-score">
      <span id={labelId} className="account-score-label">
        Audience Score
      </span>
      {hasScore ? (
        <div className="account-score-row">
          <div
            className="account-score-track"
            role="meter"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={scoreBarWidth(score)}
            aria-valuetext={text}
          >
            <div className="account-score-bar" data-testid="profile-score-bar" style={{ width: `${scoreBarWidth(score)}%` }} />
          </div>
          <span className="account-score-value">{text}</span>
        </div>
      ) : (
        <span className="account-score-value">{text}</span>
      )}
    </div>
  );
}

/**
 * SPEC §2 Profile Information: Name, Bio, the Audience Score bar, Categories, Interests and Content Type,
 * loaded afresh at each opening (GET /profiles/{id}/) and saved with PUT /profiles/{id}/, after which the
 * user is reloaded and the modal closes. The footer opens Change Password, the referral link and the promo
 * codes on top of it, so unsaved edits survive a visit to them; its API tokens and Webhooks buttons ask app/
 * for those windows.
 */
export function ProfileInformationModal({ open, onClose, onOpenApiTokens, onOpenWebhooks }: ProfileInformationModalProps) {
  const formId = useId();
  const nameId = useId();
  const bioId = useId();
  const typeId = useId();
  const typeErrorId = useId();
  const userId = useAppStore((state) => state.user?.id ?? null);
  const refreshUser = useAppStore((state) => state.refreshUser);
  const profileQuery = useShownQuery(
    {
      queryKey: profileKey(userId),
      queryFn: async ({ signal }) => {
        if (!userId) throw new Error(PROFILE_FETCH_FAILED);
        const answer = await getProfile(userId, signal);
        if (!answer || typeof answer !== 'object') throw new Error('No profile in the answer.');
        return answer;
      },
    },
    open,
  );
  const profile = loadStateOf(profileQuery, PROFILE_FETCH_FAILED);
  /** The profile again from its loading state (Retry). */
  const loadProfile = () => queryClient.resetQueries({ queryKey: profileKey(userId), exact: true });
  // The known types stay offered when the list cannot be read, so the form stays usable; the failure is shown beside it.
  const contentTypes = useContentTypes(open);
  const types: TypesState = contentTypes.loading
    ? { status: 'loading' }
    : contentTypes.types.length > 0
      ? { status: 'ready', types: contentTypes.types, error: null }
      : { status: 'ready', types: CONTENT_TYPES, error: CONTENT_TYPES_FAILED };
  const [form, setForm] = useState<FormFields>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [subModal, setSubModal] = useState<SubModal>(null);

  useEffect(() => {
    if (!open) {
      setSubModal(null);
      return;
    }
    setError(null);
    setSaving(false);
    setForm(EMPTY_FORM);
  }, [open, userId]);
  // The form starts from the profile as read at this opening.
  const loaded = profileQuery.data;
  useEffect(() => {
    if (loaded) setForm(formFrom(loaded));
  }, [loaded]);

  const update = (fields: Partial<FormFields>) => {
    setError(null);
    setForm((current) => ({ ...current, ...fields }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !userId || profile.status !== 'ready') return;
    const invalid = validateProfile(form);
    setError(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      await updateProfile(userId, toUpdateBody(form));
    } catch (failure) {
      setError(errorMessage(failure, PROFILE_UPDATE_FAILED));
      setSaving(false);
      return;
    }
    toast.success(PROFILE_UPDATED, { toastId: 'profile-updated' });
    await refreshUser();
    setSaving(false);
    onClose();
  };

  let body;
  if (profile.status === 'loading') {
    body = <p role="status">Loading profile...</p>;
  } else if (profile.status === 'error') {
    body = <RetryAlert className="account-error" message={profile.message} onRetry={() => void loadProfile()} />;
  } else {
    const offeredTypes = contentTypeOptions(types.status === 'ready' ? types.types : [], form.contentType);
    const typeError = types.status === 'ready' ? types.error : null;
    body = (
      <form id={formId} className="account-form" aria-label="Profile Information" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="form-field">
          <label htmlFor={nameId}>
            Name <span className="account-required" aria-hidden="true">*</span>
          </label>
          <input
            id={nameId}
            name="name"
            autoComplete="name"
            required
            maxLength={PROFILE_NAME_MAX}
            value={form.name}
            onChange={(event) => update({ name: event.target.value })}
          />
        </div>
        <div className="form-field">
          <label htmlFor={bioId}>Bio</label>
          <textarea
            id={bioId}
            name="bio"
            rows={3}
            maxLength={PROFILE_BIO_MAX}
            value={form.bio}
            onChange={(event) => update({ bio: event.target.value })}
          />
          <span className="account-hint">
            {form.bio.length}/{PROFILE_BIO_MAX}
          </span>
        </div>
        <AudienceScore score={profile.data.audience_score} />
        {userId ? <AudienceScoreParts userId={userId} /> : null}
        <fieldset className="chip-group account-chips">
          <legend>
            Categories <span className="account-required" aria-hidden="true">*</span>
          </legend>
          {categoryOptions(form.categories).map((category) => (
            <label key={category} className="chip account-chip">
              <input
                type="checkbox"
                checked={form.categories.includes(category)}
                onChange={() => update(toggleCategory(form, category))}
              />
              <span>{category}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="chip-group account-chips">
          <legend>Interests</legend>
          {interestOptions(form.categories, form.interests).length === 0 ? (
            <p className="account-hint">Choose a category to see its interests.</p>
          ) : null}
          {interestOptions(form.categories, form.interests).map((interest) => (
            <label key={interest} className="chip account-chip">
              <input
                type="checkbox"
                checked={form.interests.includes(interest)}
                onChange={() => update({ interests: toggleInterest(form.interests, interest) })}
              />
              <span>{interest}</span>
            </label>
          ))}
        </fieldset>
        <div className="form-field">
          <label htmlFor={typeId}>
            Content Type <span className="account-required" aria-hidden="true">*</span>
          </label>
          <select
            id={typeId}
            name="content_type"
            required
            aria-describedby={typeError ? typeErrorId : undefined}
            value={form.contentType}
            onChange={(event) => update({ contentType: event.target.value })}
          >
            <option value="">{types.status === 'loading' ? 'Loading content types...' : 'Select a content type'}</option>
            {offeredTypes.map((type) => (
              <option key={type} value={type}>
                {contentTypeLabel(type)}
              </option>
            ))}
          </select>
          {typeError ? (
            <span id={typeErrorId} className="account-field-error">
              {typeError}
            </span>
          ) : null}
        </div>
        <FormMessage tone="error">{error}</FormMessage>
        <div className="account-form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    );
  }

  return (
    <>
      <Modal
        open={open}
        onClose={onClose}
        title="Profile Information"
        className="modal-wide account-profile-modal"
        footer={
          <>
            <button type="button" className="button button-ghost account-footer-button" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="button button-ghost account-footer-button" onClick={() => setSubModal('password')}>
              Change Password
            </button>
            <button type="button" className="button button-ghost account-footer-button" onClick={() => setSubModal('referrals')}>
              View Referrals
            </button>
            <button type="button" className="button button-ghost account-footer-button" onClick={() => setSubModal('promo-codes')}>
              Promo Codes
            </button>
            {onOpenApiTokens ? (
              <button type="button" className="button button-ghost account-footer-button" onClick={onOpenApiTokens}>
                API tokens
              </button>
            ) : null}
            {onOpenWebhooks ? (
              <button type="button" className="button button-ghost account-footer-button" onClick={onOpenWebhooks}>
                Webhooks
              </button>
            ) : null}
          </>
        }
      >
        {body}
      </Modal>
      {/* Siblings, not children: their keyboard events must not bubble through this dialog's focus trap. */}
      <ChangePasswordModal open={open && subModal === 'password'} onClose={() => setSubModal(null)} />
      <ReferralLinkModal open={open && subModal === 'referrals'} onClose={() => setSubModal(null)} />
      <PromoCodesModal open={open && subModal === 'promo-codes'} onClose={() => setSubModal(null)} />
    </>
  );
}

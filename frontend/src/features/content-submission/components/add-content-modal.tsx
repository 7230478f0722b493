import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { CONTENT_DESCRIPTION_MAX, CONTENT_TITLE_MAX, CONTENT_URL_MAX } from '@crossfeed/domain/rules/limits.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { useContentTypes } from '@/lib/api/use-content-types';
import { ApiError, errorMessage } from '@/lib/api-client';
import { contentTypeLabel } from '@crossfeed/domain/rules/content-types.ts';
import { refreshOwnContents } from '@/lib/api/own-contents';
import { queryClient } from '@/lib/query/query-client';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { getSubmissionInfo, type SubmissionInfo } from '../api/get-submission-info';
import { submitContent } from '../api/submit-content';
import {
  ADD_CONTENT_TITLE,
  CONTENT_ADD_FAILED,
  CONTENT_ADDED,
  CONTENT_TYPES_FAILED,
  CONTENT_TYPES_LOADING,
  SUBMISSION_INFO_FAILED,
} from '../messages';
import {
  EMPTY_SUBMISSION_FORM,
  FALLBACK_CONTENT_TYPES,
  SUGGESTED_CATEGORIES,
  readSubmissionInfo,
  toSubmission,
  validateSubmission,
  type SubmissionForm,
} from '../utils/submission-rules';
import { SubmissionQuota, type SubmissionInfoState } from './submission-quota';
import '../content-submission.css';

type AddContentModalProps = {
  open: boolean;
  onClose: () => void;
  /** 'Upgrade to Premium' at the weekly limit: the app opens its Premium plan panel. */
  onUpgrade: () => void;
};

/** A Free user's weekly submissions (GET /content/submission-info), read at each opening. */
const SUBMISSION_INFO_KEY = ['submission-info'] as const;

type TypesState = { status: 'loading' } | { status: 'ready'; types: readonly string[] } | { status: 'error'; types: readonly string[] };

/**
 * SPEC §2 Add New Content: title, url, optional description, content type (from GET /content/types) and
 * categories, with the weekly submission counter (GET /api/users/submission-info). Free users at the limit
 * get the SPEC text and an 'Upgrade to Premium' button (`onUpgrade`). A success toasts 'Content added
 * successfully!', refreshes the workspace's own content list and closes.
 */
export function AddContentModal({ open, onClose, onUpgrade }: AddContentModalProps) {
  const formId = useId();
  const fieldId = useId();
  const [form, setForm] = useState<SubmissionForm>(EMPTY_SUBMISSION_FORM);
  const [error, setError] = useState<string | null>(null);
  const [limitMessage, setLimitMessage] = useState<string>(MESSAGES.weeklyLimit);
  const [busy, setBusy] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;

  // Every opening starts from an empty form and asks the server again for the quota and the types (their
  // queries are dropped when the window closes).
  useEffect(() => {
    if (!open) return;
    setForm(EMPTY_SUBMISSION_FORM);
    setError(null);
    setBusy(false);
    setLimitMessage(MESSAGES.weeklyLimit);
  }, [open]);
  const infoQuery = useShownQuery(
    {
      queryKey: SUBMISSION_INFO_KEY,
      queryFn: async ({ signal }) => {
        try {
          return readSubmissionInfo(await getSubmissionInfo(signal));
        } catch (failure) {
          if (!signal.aborted) toast.error(SUBMISSION_INFO_FAILED, { toastId: 'submission-info-failed' });
          throw failure;
        }
      },
    },
    open,
  );
  const info: SubmissionInfoState =
    infoQuery.data !== undefined
      ? infoQuery.data
        ? { status: 'ready', info: infoQuery.data }
        : { status: 'error', message: SUBMISSION_INFO_FAILED }
      : infoQuery.isError
        ? { status: 'error', message: errorMessage(infoQuery.error, SUBMISSION_INFO_FAILED) }
        : { status: 'loading' };
  const contentTypes = useContentTypes(open);
  // The form stays usable with the list the server validates against.
  const types: TypesState = contentTypes.loading
    ? { status: 'loading' }
    : contentTypes.types.length > 0
      ? { status: 'ready', types: contentTypes.types }
      : { status: 'error', types: FALLBACK_CONTENT_TYPES };

  const limitReached = info.status === 'ready' && !info.info.can_submit;

  const update = <K extends keyof SubmissionForm>(field: K, value: SubmissionForm[K]) => {
    setError(null);
    setForm((current) => ({ ...current, [field]: value }));
  };

  const toggleCategory = (category: string) => {
    update(
      'categories',
      form.categories.includes(category) ? form.categories.filter((item) => item !== category) : [...form.categories, category],
    );
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || limitReached) return;
    const payload = toSubmission(form);
    const problem = validateSubmission(payload);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await submitContent(payload);
      toast.success(CONTENT_ADDED, { toastId: 'content-added' });
      void refreshOwnContents();
      setBusy(false);
      onClose();
    } catch (failure) {
      setBusy(false);
      if (!openRef.current) return;
      if (failure instanceof ApiError && failure.status === 429) {
        // Over the weekly quota (another tab may have used it): show the limit and the upgrade.
        const message = failure.detail ?? MESSAGES.weeklyLimit;
        setLimitMessage(message);
        queryClient.setQueryData<SubmissionInfo | null>(SUBMISSION_INFO_KEY, (current) =>
          current ? { ...current, can_submit: false, submissions_remaining: 0 } : { weekly_submission_count: 0, last_submission_date: null, can_submit: false, submissions_remaining: 0 },
        );
        toast.error(message, { toastId: 'weekly-limit' });
        return;
      }
      setError(errorMessage(failure, CONTENT_ADD_FAILED));
      toast.error(CONTENT_ADD_FAILED, { toastId: 'content-add-failed' });
    }
  };

  const typeOptions = types.status === 'loading' ? [] : types.types;
  const id = (name: string) => `${fieldId}-${name}`;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={ADD_CONTENT_TITLE}
      className="modal-wide"
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy || limitReached}>
            {busy ? 'Adding...' : 'Add Content'}
          </button>
        </>
      }
    >
      <div className="content-submission">
        <SubmissionQuota state={info} limitMessage={limitMessage} onUpgrade={onUpgrade} />
        <form id={formId} className="content-submission-form" aria-label="Add content" noValidate onSubmit={(event) => void handleSubmit(event)}>
          <fieldset className="content-submission-fields" disabled={busy || limitReached}>
            <legend className="visually-hidden">Content details</legend>
            <div className="form-field">
              <label htmlFor={id('title')}>Title</label>
              <input
                id={id('title')}
                name="title"
                required
                maxLength={CONTENT_TITLE_MAX}
                value={form.title}
                onChange={(event) => update('title', event.target.value)}
              />
            </div>
            <div className="form-field">
              <label htmlFor={id('url')}>URL</label>
              <input
                id={id('url')}
                name="url"
                type="url"
                inputMode="url"
                required
                placeholder="https://"
                maxLength={CONTENT_URL_MAX}
                value={form.url}
                onChange={(event) => update('url', event.target.value)}
              />
            </div>
            <div className="form-field">
              <label htmlFor={id('description')}>
                Description <span className="content-submission-optional">(optional)</span>
              </label>
              <textarea
                id={id('description')}
                name="description"
                rows={3}
                maxLength={CONTENT_DESCRIPTION_MAX}
                value={form.description}
                onChange={(event) => update('description', event.target.value)}
              />
            </div>
            <div className="form-field">
              <label htmlFor={id('type')}>Content type</label>
              <select
                id={id('type')}
                name="content_type"
                required
                disabled={types.status === 'loading'}
                value={form.contentType}
                onChange={(event) => update('contentType', event.target.value)}
              >
                <option value="">{types.status === 'loading' ? CONTENT_TYPES_LOADING : 'Select a content type'}</option>
                {typeOptions.map((type) => (
                  <option key={type} value={type}>
                    {contentTypeLabel(type)}
                  </option>
                ))}
              </select>
              {types.status === 'error' ? <p className="content-submission-hint content-submission-warning">{CONTENT_TYPES_FAILED}</p> : null}
            </div>
            <fieldset className="content-submission-categories">
              <legend>Categories</legend>
              <ul className="content-submission-category-list">
                {SUGGESTED_CATEGORIES.map((category) => (
                  <li key={category}>
                    <label className="checkbox">
                      <input type="checkbox" checked={form.categories.includes(category)} onChange={() => toggleCategory(category)} />
                      {category}
                    </label>
                  </li>
                ))}
              </ul>
              <div className="form-field">
                <label htmlFor={id('other')}>Other categories</label>
                <input
                  id={id('other')}
                  name="other_categories"
                  aria-describedby={id('other-hint')}
                  value={form.otherCategories}
                  onChange={(event) => update('otherCategories', event.target.value)}
                />
                <p id={id('other-hint')} className="content-submission-hint">
                  Separate categories with commas.
                </p>
              </div>
            </fieldset>
          </fieldset>
          <FormMessage tone="error">{error}</FormMessage>
        </form>
      </div>
    </Modal>
  );
}

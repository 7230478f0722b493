import { FREE_WEEKLY_SUBMISSIONS } from '@crossfeed/domain/rules/limits.ts';
import type { SubmissionInfo } from '../api/get-submission-info';
import { SUBMISSION_INFO_LOADING } from '../messages';
import { isUnlimited, remainingLabel } from '../utils/submission-rules';

export type SubmissionInfoState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; info: SubmissionInfo };

type SubmissionQuotaProps = {
  state: SubmissionInfoState;
  /** The server's text when the limit is reached (the weekly limit message). */
  limitMessage: string;
  onUpgrade: () => void;
};

/**
 * The remaining-submissions counter of SPEC §6: Free users see what is left this week (the server's
 * count) and the Free limit; Premium ('-1') sees 'Unlimited'. At the limit: the SPEC text and an upgrade.
 */
export function SubmissionQuota({ state, limitMessage, onUpgrade }: SubmissionQuotaProps) {
  if (state.status === 'loading') {
    return (
      <p className="submission-quota" role="status">
        {SUBMISSION_INFO_LOADING}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="form-message form-message-error" role="alert">
        {state.message}
      </p>
    );
  }
  const { info } = state;
  const unlimited = isUnlimited(info.submissions_remaining);
  return (
    <section className="submission-quota" aria-label="Submissions">
      <p className="submission-quota-count">
        Submissions left this week: <strong>{remainingLabel(info.submissions_remaining)}</strong>
      </p>
      <p className="submission-quota-plan">
        {unlimited
          ? 'Premium: unlimited submissions.'
          : `Free plan: ${FREE_WEEKLY_SUBMISSIONS} submissions per week. Premium: unlimited.`}
      </p>
      {!info.can_submit ? (
        <div className="submission-limit" role="alert">
          <p>{limitMessage}</p>
          <button type="button" className="button button-primary button-small" onClick={onUpgrade}>
            Upgrade to Premium
          </button>
        </div>
      ) : null}
    </section>
  );
}

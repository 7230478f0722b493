import { contentStatusLabel } from '@/lib/content-status-labels';
import { useId } from 'react';
import { MODERATION_STATUSES, type ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { isModerationStatus } from '../utils/content-labels';

type FlagStatusSelectProps = {
  /** The content's current status (null when the content is gone). */
  status: string | null;
  /** Names the content, for the select's label. */
  contentTitle: string;
  disabled?: boolean;
  /** Asked with the chosen status; the select keeps showing `status` until the parent changes it. */
  onChange: (status: ModerationStatus) => void;
};

/**
 * SPEC §4 Content moderation status: flagged, under_review, approved or deleted. Content listed here has an
 * open flag, so while no admin has set a moderation status (its status is still an owner one such as
 * active or pending) it shows as Flagged: what it is until someone reviews it.
 */
export function FlagStatusSelect({ status, contentTitle, disabled = false, onChange }: FlagStatusSelectProps) {
  const id = useId();
  const current = status === null ? '' : isModerationStatus(status) ? status : 'flagged';
  const extra = status === null;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {`Status of "${contentTitle}"`}
      </label>
      <select
        id={id}
        className="flag-status-select"
        value={current}
        disabled={disabled || status === null}
        onChange={(event) => {
          const next = event.target.value;
          if (next !== current && isModerationStatus(next)) onChange(next as ModerationStatus);
        }}
      >
        {extra ? (
          <option value={current} disabled>
            {contentStatusLabel(status)}
          </option>
        ) : null}
        {MODERATION_STATUSES.map((value) => (
          <option key={value} value={value}>
            {contentStatusLabel(value)}
          </option>
        ))}
      </select>
    </>
  );
}

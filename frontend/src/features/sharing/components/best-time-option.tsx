import { useId } from 'react';
import { BEST_TIME_HELP, BEST_TIME_LABEL } from '../messages';

type BestTimeOptionProps = { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean };

/** Premium auto-scheduling: each e-mail goes at its person's best time, and counts when it goes. */
export function BestTimeOption({ checked, onChange, disabled = false }: BestTimeOptionProps) {
  const helpId = useId();
  return (
    <div className="share-best-time">
      <label>
        <input type="checkbox" checked={checked} disabled={disabled} aria-describedby={helpId} onChange={(event) => onChange(event.target.checked)} />{' '}
        {BEST_TIME_LABEL}
      </label>
      <p id={helpId} className="share-best-time-help">
        {BEST_TIME_HELP}
      </p>
    </div>
  );
}

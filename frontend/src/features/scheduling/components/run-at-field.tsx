import { useId, type KeyboardEvent } from 'react';
import { SCHEDULING_MESSAGES as M, localTimeHint } from '../messages';
import { formatLocal, localZone, maxRunAt, parseInputValue, toInputValue } from '../schedule-time';

type RunAtFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
  /** Enter in the field: schedule (rather than submit an enclosing form). */
  onEnter?: () => void;
};

/** The run time: a local date-time input (to the second), what it means in the user's zone, and its error. */
export function RunAtField({ value, onChange, error, disabled = false, onEnter }: RunAtFieldProps) {
  const id = useId();
  const now = new Date();
  const chosen = parseInputValue(value);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onEnter?.();
  };
  return (
    <div className="form-field schedule-run-at">
      <label htmlFor={`${id}-input`}>{M.when}</label>
      <input
        id={`${id}-input`}
        type="datetime-local"
        step={1}
        min={toInputValue(now)}
        max={maxRunAt(now)}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="schedule-hint">
        {chosen ? localTimeHint(formatLocal(chosen), localZone()) : null}
      </p>
      {error ? (
        <p id={`${id}-error`} className="form-message form-message-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { useId } from 'react';

type ChoiceProps = { name: string; hint: string; checked: boolean; onChange: (checked: boolean) => void };

/**
 * One checkbox of a scope or an event: its label is the name exactly as the API spells it (`content:read`,
 * `match.completed`), and the plain-English hint under it is its description.
 */
export function Choice({ name, hint, checked, onChange }: ChoiceProps) {
  const hintId = useId();
  return (
    <div className="developer-choice">
      <label className="checkbox">
        <input type="checkbox" checked={checked} aria-describedby={hintId} onChange={(event) => onChange(event.target.checked)} />
        <code className="developer-choice-name">{name}</code>
      </label>
      <span id={hintId} className="developer-choice-hint">
        {hint}
      </span>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg className="content-card-check" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

type SelectToggleProps = {
  /** The content's title; the button is named 'Select {title}'. */
  title: string;
  selected: boolean;
  onToggle: () => void;
};

/**
 * A card's select control (SPEC §2: items toggle selected on click, Space or Enter): a toggle button in the
 * card's corner, a circle that shows a check while selected. Space and Enter toggle it natively.
 */
export function SelectToggle({ title, selected, onToggle }: SelectToggleProps) {
  return (
    <button type="button" className="content-card-select" aria-pressed={selected} aria-label={`Select ${title}`} onClick={onToggle}>
      {selected ? <CheckIcon /> : null}
    </button>
  );
}

import { useId } from 'react';
import { VIEW_FILTERS, type ViewFilter } from '../types';
import { isPremiumViewFilter } from '../workspace-rules';

const LABELS: Record<ViewFilter, string> = {
  standard: 'Standard',
  rankedContent: 'Ranked Content',
  topPerformers: 'Top Performers',
};

type ViewFilterSelectProps = {
  value: ViewFilter;
  isPremium: boolean;
  /** The store decides: a non-premium Premium choice opens the upsell and `value` stays. */
  onChange: (filter: ViewFilter) => void;
};

/** SPEC §4 View filter: standard, ranked content and top performers (the last two Premium). */
export function ViewFilterSelect({ value, isPremium, onChange }: ViewFilterSelectProps) {
  const id = useId();
  return (
    <div className="view-filter">
      <label htmlFor={id}>View</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as ViewFilter)}>
        {VIEW_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {LABELS[filter]}
            {isPremiumViewFilter(filter) && !isPremium ? ' (Premium)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import type { AnalyticsBucket, AnalyticsQuery } from '@crossfeed/domain/api/analytics.dto.ts';
import { FormMessage } from '@/components/ui/form-message';
import { ANALYTICS_MESSAGES } from '../messages';

type AnalyticsRangeFormProps = {
  /** The range on screen (the last answer's from, to and bucket); read when mounted (key the form by it). */
  value: { from: string; to: string; bucket: AnalyticsBucket } | null;
  disabled?: boolean;
  onApply: (query: Required<AnalyticsQuery>) => void;
};

const BUCKETS: { value: AnalyticsBucket; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** From, To and Group by for GET /admin/analytics; the server checks the longest range it accepts. */
export function AnalyticsRangeForm({ value, disabled = false, onApply }: AnalyticsRangeFormProps) {
  const fromId = useId();
  const toId = useId();
  const bucketId = useId();
  const [from, setFrom] = useState(value?.from ?? '');
  const [to, setTo] = useState(value?.to ?? '');
  const [bucket, setBucket] = useState<AnalyticsBucket>(value?.bucket ?? 'day');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!from || !to) return;
    if (from > to) {
      setError(ANALYTICS_MESSAGES.rangeReversed);
      return;
    }
    setError(null);
    onApply({ from, to, bucket });
  };

  return (
    <form className="analytics-range" onSubmit={handleSubmit} noValidate aria-label="Analytics range">
      <div className="form-field">
        <label htmlFor={fromId}>From</label>
        <input id={fromId} type="date" required value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
      </div>
      <div className="form-field">
        <label htmlFor={toId}>To</label>
        <input id={toId} type="date" required value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
      </div>
      <div className="form-field">
        <label htmlFor={bucketId}>Group by</label>
        <select id={bucketId} value={bucket} onChange={(event) => setBucket(event.target.value as AnalyticsBucket)}>
          {BUCKETS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-ghost" disabled={disabled || !from || !to}>
        Show
      </button>
      <FormMessage tone="error">{error}</FormMessage>
    </form>
  );
}

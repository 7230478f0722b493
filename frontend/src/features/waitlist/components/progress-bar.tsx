type ProgressBarProps = {
  /** 0-100; clamped. */
  percent: number;
  /** The id of the element naming the bar. */
  labelledBy: string;
  className?: string;
};

export function ProgressBar({ percent, labelledBy, className }: ProgressBarProps) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div
      className={className ? `waitlist-progress ${className}` : 'waitlist-progress'}
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${value}%`}
    >
      <div className="waitlist-progress-fill" style={{ width: `${value}%` }} />
    </div>
  );
}

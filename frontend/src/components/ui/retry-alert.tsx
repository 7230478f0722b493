/** A failed load: the error, announced, with a Retry button beside it. */
export function RetryAlert({
  message,
  onRetry,
  className,
  compact = true,
}: {
  message: string;
  onRetry: () => void;
  /** The caller's layout class for the block. */
  className?: string;
  /** A small button (in modals and panels); false on full pages. */
  compact?: boolean;
}) {
  return (
    <div className={className}>
      <p className="form-message form-message-error" role="alert">
        {message}
      </p>
      <button type="button" className={compact ? 'button button-ghost button-small' : 'button button-ghost'} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

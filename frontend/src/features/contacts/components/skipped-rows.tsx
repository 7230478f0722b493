import { useId } from 'react';
import type { RejectedContactRow } from '../api/upload-contacts';
import { moreRowsText, SKIPPED_ROWS_LABEL } from '../messages';

/** At most this many refused rows are listed; a whole list's duplicates would bury the few that matter. */
export const SKIPPED_ROWS_SHOWN = 20;

/** Each row the import skips, with its e-mail and why ("Row 6 (not-an-address): Invalid email address."). */
export function SkippedRows({ rows }: { rows: readonly RejectedContactRow[] }) {
  const titleId = useId();
  if (rows.length === 0) return null;
  const more = rows.length - SKIPPED_ROWS_SHOWN;
  return (
    <div>
      <p id={titleId} className="contacts-rejected-title">
        {SKIPPED_ROWS_LABEL}
      </p>
      <ul className="contacts-rejected" aria-labelledby={titleId}>
        {rows.slice(0, SKIPPED_ROWS_SHOWN).map((entry) => (
          <li key={`${entry.row}-${entry.email}`}>
            Row {entry.row}
            {entry.email ? ` (${entry.email})` : ''}: {entry.reason}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="contacts-rejected-more">{moreRowsText(more)}</p> : null}
    </div>
  );
}

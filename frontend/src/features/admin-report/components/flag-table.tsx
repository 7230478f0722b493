import { contentStatusLabel } from '@/lib/content-status-labels';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { formatFlagTime, typeLabel } from '../utils/content-labels';
import { FlagStatusSelect } from './flag-status-select';

type FlagTableProps = {
  flags: readonly FlagDto[];
  selectedIds: ReadonlySet<string>;
  /** Flags with a call in flight: their controls are disabled. */
  busyIds: ReadonlySet<string>;
  /** Flags that arrived by push since the page opened (briefly highlighted). */
  freshIds: ReadonlySet<string>;
  onToggleSelected: (flag: FlagDto) => void;
  onChangeStatus: (flag: FlagDto, status: ModerationStatus) => void;
  onDeleteFlag: (flag: FlagDto) => void;
  onDeleteContent: (flag: FlagDto) => void;
};

/**
 * SPEC §2 Admin report: one row per flag with the content title, type, categories, status, reporter with
 * the time of the report, and reason. A table on wide screens; the CSS turns each row into a card on narrow ones.
 */
export function FlagTable({
  flags,
  selectedIds,
  busyIds,
  freshIds,
  onToggleSelected,
  onChangeStatus,
  onDeleteFlag,
  onDeleteContent,
}: FlagTableProps) {
  return (
    <div className="flag-table-scroll" role="region" aria-label="Flagged content list" tabIndex={0}>
      <table className="flag-table">
        <caption className="visually-hidden">Flagged content, newest first</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Select</span>
            </th>
            <th scope="col">Content</th>
            <th scope="col">Type</th>
            <th scope="col">Categories</th>
            <th scope="col">Status</th>
            <th scope="col">Reported by</th>
            <th scope="col">Reason</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {flags.map((flag) => {
            const title = flag.content.title;
            const busy = busyIds.has(flag.id);
            const contentGone = flag.content.status === null;
            return (
              <tr key={flag.id} className={freshIds.has(flag.id) ? 'flag-row flag-row-fresh' : 'flag-row'} aria-busy={busy || undefined}>
                <td className="flag-cell-select">
                  <input
                    type="checkbox"
                    className="flag-select"
                    aria-label={`Select the flag on "${title}" by ${flag.user.username}`}
                    checked={selectedIds.has(flag.id)}
                    disabled={busy}
                    onChange={() => onToggleSelected(flag)}
                  />
                </td>
                <th scope="row" className="flag-cell-title">
                  {title}
                </th>
                <td data-label="Type">
                  <span className="flag-badge">{typeLabel(flag.content.content_type)}</span>
                </td>
                <td data-label="Categories">
                  {flag.content.categories.length ? (
                    <ul className="flag-categories" aria-label="Categories">
                      {flag.content.categories.map((category) => (
                        <li key={category}>{category}</li>
                      ))}
                    </ul>
                  ) : (
                    <span className="flag-muted">None</span>
                  )}
                </td>
                <td data-label="Status">
                  {contentGone ? (
                    <span className="flag-muted">{contentStatusLabel(null)}</span>
                  ) : (
                    <FlagStatusSelect
                      status={flag.content.status}
                      contentTitle={title}
                      disabled={busy}
                      onChange={(status) => onChangeStatus(flag, status)}
                    />
                  )}
                </td>
                <td data-label="Reported by">
                  <div className="flag-reported">
                    <span className="flag-reporter">{flag.user.username}</span>
                    <time className="flag-time" dateTime={flag.created_at}>
                      {formatFlagTime(flag.created_at)}
                    </time>
                  </div>
                </td>
                <td data-label="Reason" className="flag-cell-reason">
                  {flag.reason}
                </td>
                <td className="flag-cell-actions">
                  <button type="button" className="button button-ghost button-small" disabled={busy} onClick={() => onDeleteFlag(flag)}>
                    Delete flag <span className="visually-hidden">{`on "${title}" by ${flag.user.username}`}</span>
                  </button>
                  <button
                    type="button"
                    className="button button-danger button-small"
                    disabled={busy || contentGone}
                    onClick={() => onDeleteContent(flag)}
                  >
                    Delete content <span className="visually-hidden">{`"${title}"`}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

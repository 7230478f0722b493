import type { ContactImportProgress } from '../realtime/contact-import-feed';
import { IMPORT_PROGRESS_LABEL, IMPORT_WAITING, importProgressText } from '../messages';

/**
 * The import's progress bar: indeterminate until the first `contacts:import` push, then the share of the
 * file's rows gone through.
 */
export function ImportProgress({ progress }: { progress: ContactImportProgress | null }) {
  const percent = progress ? Math.round((progress.done / progress.total) * 100) : null;
  const text = progress ? importProgressText(progress.done, progress.total) : IMPORT_WAITING;
  return (
    <div className="contacts-import-progress">
      <div
        className="contacts-import-bar"
        role="progressbar"
        aria-label={IMPORT_PROGRESS_LABEL}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? text : `${percent}%, ${text}`}
      >
        <div
          className={percent === null ? 'contacts-import-fill contacts-import-waiting' : 'contacts-import-fill'}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="contacts-import-progress-text" aria-hidden="true">
        {text}
      </p>
    </div>
  );
}

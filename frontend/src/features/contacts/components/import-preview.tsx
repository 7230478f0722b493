import { useId } from 'react';
import type { ContactMapping } from '../api/upload-contacts';
import {
  EMAIL_COLUMN_LABEL,
  existingCountText,
  invalidCountText,
  NAME_COLUMNS_LABEL,
  newCountText,
  PREVIEW_CHECKING,
  PREVIEW_COUNTS_LABEL,
  PREVIEW_STATUS_LABELS,
  PREVIEW_TABLE_CAPTION,
} from '../messages';
import { emailChoices, nameChoices, nameChoiceValue, type ContactImportResult } from '../utils/import-preview';
import { SkippedRows } from './skipped-rows';

type ImportPreviewProps = {
  /** The file's columns, as its header spells them. */
  columns: readonly string[];
  /** The name columns the server found by itself (offered first when they are several). */
  detectedName: readonly string[];
  /** What the selects show: the chosen mapping, else the detected one; null until the server named one. */
  mapping: ContactMapping | null;
  /** The dry run's answer for `mapping`; null while it runs again or after it failed. */
  result: ContactImportResult | null;
  loading: boolean;
  disabled: boolean;
  onMappingChange: (mapping: ContactMapping) => void;
};

/**
 * What an import of the chosen file would do (a dry run): the columns used for the e-mail and the name
 * (changing one runs the dry run again), the counts, the first rows as they would be stored and the rows
 * it would skip with their reasons.
 */
export function ImportPreview({ columns, detectedName, mapping, result, loading, disabled, onMappingChange }: ImportPreviewProps) {
  const counts = result?.counts;

  return (
    <section className="contacts-preview" aria-label="Import preview" aria-busy={loading}>
      {mapping ? (
        <MappingSelects columns={columns} detectedName={detectedName} mapping={mapping} disabled={disabled} onMappingChange={onMappingChange} />
      ) : null}

      {loading ? (
        <p className="contacts-hint contacts-preview-checking" role="status">
          {PREVIEW_CHECKING}
        </p>
      ) : null}

      {result && counts ? (
        <div className={loading ? 'contacts-preview-result contacts-preview-stale' : 'contacts-preview-result'}>
          <ul className="contacts-counts" aria-label={PREVIEW_COUNTS_LABEL}>
            <li>{newCountText(counts.new, counts.suppressed)}</li>
            {counts.existing > 0 ? <li>{existingCountText(counts.existing)}</li> : null}
            {counts.invalid > 0 ? <li>{invalidCountText(counts.invalid)}</li> : null}
          </ul>
          {result.preview.length > 0 ? (
            <div className="contacts-scroll contacts-preview-scroll">
              <table className="contacts-table contacts-preview-table">
                <caption className="visually-hidden">{PREVIEW_TABLE_CAPTION}</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {result.preview.map((row) => (
                    <tr key={`${row.row}-${row.email}`}>
                      <td className="contacts-name">{row.name}</td>
                      <td className="contacts-email">{row.email}</td>
                      <td>
                        <span className={`contacts-status contacts-status-${row.status}`}>{PREVIEW_STATUS_LABELS[row.status]}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <SkippedRows rows={result.rejected} />
        </div>
      ) : null}
    </section>
  );
}

type MappingSelectsProps = Pick<ImportPreviewProps, 'columns' | 'detectedName' | 'disabled' | 'onMappingChange'> & { mapping: ContactMapping };

/** The columns used for the e-mail and for the name; changing one runs the dry run again with both. */
function MappingSelects({ columns, detectedName, mapping, disabled, onMappingChange }: MappingSelectsProps) {
  const emailId = useId();
  const nameId = useId();
  const names = nameChoices(columns, detectedName, mapping.name);
  return (
    <div className="contacts-mapping">
      <div className="form-field">
        <label htmlFor={emailId}>{EMAIL_COLUMN_LABEL}</label>
        <select id={emailId} value={mapping.email} disabled={disabled} onChange={(event) => onMappingChange({ ...mapping, email: event.target.value })}>
          {emailChoices(columns, mapping.email).map((column) => (
            <option key={column} value={column}>
              {column}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={nameId}>{NAME_COLUMNS_LABEL}</label>
        <select
          id={nameId}
          value={nameChoiceValue(mapping.name)}
          disabled={disabled}
          onChange={(event) => {
            const choice = names.find((item) => item.value === event.target.value);
            if (choice) onMappingChange({ ...mapping, name: choice.columns });
          }}
        >
          {names.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

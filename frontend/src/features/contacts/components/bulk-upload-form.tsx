import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormMessage } from '@/components/ui/form-message';
import { errorMessage } from '@/lib/api-client';
import { uploadContacts, type ContactMapping } from '../api/upload-contacts';
import { useContactImportProgress } from '../hooks/use-contact-import-progress';
import {
  CONTACTS_FILE_HINT,
  CONTACTS_FILE_LABEL,
  CONTACTS_UPLOAD_FAILED,
  CONTACTS_UPLOADED,
  importButtonText,
  IMPORTING,
  NOTHING_TO_IMPORT,
  PREVIEW_CHECKING,
  UPLOAD_BUTTON,
} from '../messages';
import { CONTACT_FILE_ACCEPT, validateContactFile } from '../utils/contact-rules';
import { readImportResult, type ContactImportResult } from '../utils/import-preview';
import { ImportPreview } from './import-preview';
import { ImportProgress } from './import-progress';
import { SkippedRows } from './skipped-rows';

type BulkUploadFormProps = {
  /** After the server imported the file (the modal refetches the list). */
  onUploaded: () => void;
};

/**
 * The dry runs of the chosen file: its columns and the mapping the server detected (from the first answer),
 * the answer for the mapping shown (null while a new dry run runs or after one failed).
 */
type PreviewState = {
  detected: { columns: string[]; mapping: ContactMapping } | null;
  result: ContactImportResult | null;
  loading: boolean;
};

const NO_PREVIEW: PreviewState = { detected: null, result: null, loading: false };

/** Brings a message, the progress or the outcome into the modal's view where the form has scrolled. */
const reveal = (element: Element | null) => element?.scrollIntoView?.({ block: 'nearest' });

/**
 * SPEC §2 Contacts, the bulk upload toggle: an e-mail tool's export (.csv or .json) as it is
 * (docs/features/contact-import.md). Choosing the file runs a dry run of POST /contacts/bulk that shows the columns
 * used (which the creator may change), the counts, the first rows and the rows it would skip; "Import N
 * contacts" then imports it with that mapping, with a progress bar fed by `contacts:import` pushes.
 */
export function BulkUploadForm({ onUploaded }: BulkUploadFormProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const dryRunRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  /** The mapping the creator chose; null: the server's detected one (nothing is sent). */
  const [chosen, setChosen] = useState<ContactMapping | null>(null);
  const [preview, setPreview] = useState<PreviewState>(NO_PREVIEW);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ContactImportResult | null>(null);
  /** The import running, if any (its pushes feed the bar). */
  const [importId, setImportId] = useState<string | null>(null);
  const progress = useContactImportProgress(importId);
  const importing = importId !== null;

  // A dry run still under way when the form goes (the toggle, the modal closing) is not needed any more.
  useEffect(() => () => dryRunRef.current?.abort(), []);

  useEffect(() => {
    if (error) reveal(messageRef.current);
  }, [error]);
  useEffect(() => {
    if (importing) reveal(progressRef.current);
  }, [importing]);
  useEffect(() => {
    if (outcome) reveal(outcomeRef.current);
  }, [outcome]);
  const detected = preview.detected;
  useEffect(() => {
    if (detected) reveal(previewRef.current);
  }, [detected]);

  /** One dry run; a newer one (another file, another mapping) aborts it, so a stale answer never shows. */
  const runDryRun = async (target: File, mapping: ContactMapping | null) => {
    dryRunRef.current?.abort();
    const controller = new AbortController();
    dryRunRef.current = controller;
    setPreview((current) => ({ ...current, loading: true }));
    setError(null);
    try {
      const result = readImportResult(await uploadContacts(target, { mapping, dryRun: true, signal: controller.signal }));
      if (controller.signal.aborted) return;
      const email = result.mapping.email;
      setPreview((current) => ({
        // The first answer (no mapping sent) says what the server found by itself.
        detected: current.detected ?? (email ? { columns: result.columns, mapping: { email, name: result.mapping.name } } : null),
        result,
        loading: false,
      }));
    } catch (failure) {
      if (controller.signal.aborted) return;
      setPreview((current) => ({ ...current, result: null, loading: false }));
      // A file the server cannot read is refused whole, and it says why (no e-mail column, malformed, ...).
      setError(errorMessage(failure, CONTACTS_UPLOAD_FAILED));
      toast.error(CONTACTS_UPLOAD_FAILED, { toastId: 'contacts-upload-failed' });
    } finally {
      if (dryRunRef.current === controller) dryRunRef.current = null;
    }
  };

  const chooseFile = (next: File | null) => {
    dryRunRef.current?.abort();
    setFile(next);
    setChosen(null);
    setPreview(NO_PREVIEW);
    setError(null);
    setOutcome(null);
    // Another type waits for the submit to be told (SPEC §5 Bulk upload).
    if (next && !validateContactFile(next)) void runDryRun(next, null);
  };

  const changeMapping = (mapping: ContactMapping) => {
    setChosen(mapping);
    if (file) void runDryRun(file, mapping);
  };

  const runImport = async (target: File) => {
    const id = crypto.randomUUID();
    setImportId(id);
    setError(null);
    try {
      const result = readImportResult(await uploadContacts(target, { mapping: chosen, importId: id }));
      setOutcome(result);
      toast.success(CONTACTS_UPLOADED, { toastId: 'contacts-uploaded' });
      setFile(null);
      setChosen(null);
      setPreview(NO_PREVIEW);
      if (inputRef.current) inputRef.current.value = '';
      onUploaded();
    } catch (failure) {
      // Nothing was imported (a refused file, the contact cap): the preview stays for another try.
      setError(errorMessage(failure, CONTACTS_UPLOAD_FAILED));
      toast.error(CONTACTS_UPLOAD_FAILED, { toastId: 'contacts-upload-failed' });
    } finally {
      setImportId(null);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (importing || preview.loading) return;
    const problem = validateContactFile(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    // No preview yet (the last dry run failed): try it again before anything is imported.
    if (!preview.result) void runDryRun(file, chosen);
    else if (preview.result.counts.new > 0) void runImport(file);
  };

  const result = preview.result;
  let buttonText = UPLOAD_BUTTON;
  if (importing) buttonText = IMPORTING;
  else if (preview.loading) buttonText = PREVIEW_CHECKING;
  else if (result) buttonText = result.counts.new > 0 ? importButtonText(result.counts.new) : NOTHING_TO_IMPORT;
  const nothingNew = result !== null && result.counts.new === 0;
  const shownMapping = chosen ?? detected?.mapping ?? null;

  return (
    <form className="contacts-form" aria-label="Upload contacts" noValidate onSubmit={handleSubmit}>
      <div className="form-field">
        <label htmlFor={inputId}>{CONTACTS_FILE_LABEL}</label>
        <input
          ref={inputRef}
          id={inputId}
          name="file"
          type="file"
          accept={CONTACT_FILE_ACCEPT}
          aria-describedby={hintId}
          disabled={importing}
          onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
        />
        <p id={hintId} className="contacts-hint">
          {CONTACTS_FILE_HINT}
        </p>
      </div>
      {file && (preview.loading || result || detected) ? (
        <div ref={previewRef}>
          <ImportPreview
            columns={detected?.columns ?? result?.columns ?? []}
            detectedName={detected?.mapping.name ?? []}
            mapping={shownMapping}
            result={result}
            loading={preview.loading}
            disabled={importing}
            onMappingChange={changeMapping}
          />
        </div>
      ) : null}
      {outcome ? (
        <div ref={outcomeRef} className="contacts-upload-result" role="status">
          <p>{outcome.summary}</p>
          <SkippedRows rows={outcome.rejected} />
        </div>
      ) : null}
      <div className="contacts-import-actions">
        {importing ? (
          <div ref={progressRef}>
            <ImportProgress progress={progress} />
          </div>
        ) : null}
        <div ref={messageRef}>
          <FormMessage tone="error">{error}</FormMessage>
        </div>
        <div className="contacts-form-actions">
          <button type="submit" className="button button-primary" disabled={importing || preview.loading || nothingNew}>
            {buttonText}
          </button>
        </div>
      </div>
    </form>
  );
}

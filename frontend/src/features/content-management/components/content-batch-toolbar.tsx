import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectionToolbar } from '@/components/ui/selection-toolbar';
import { errorMessage } from '@/lib/api-client';
import { batchContent, type BatchContentAction, type BatchContentResult } from '../api/batch-content';
import { CONTENT_MANAGEMENT_MESSAGES as M } from '../messages';

type ContentBatchToolbarProps = {
  selected: readonly ContentDto[];
  onClear: () => void;
  /** The server applied the batch: the panel updates its list from the result. */
  onDone: (result: BatchContentResult) => void;
  /** A batch is running (the panel holds its other actions meanwhile). */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * Manage Content's batch actions (Premium): "3 selected · Pause · Resume · Delete". One request per batch;
 * the server applies it to every item or to none, so a failure (its detail names the failing items) leaves
 * the selection as it was. Deleting asks first.
 */
export function ContentBatchToolbar({ selected, onClear, onDone, onBusyChange }: ContentBatchToolbarProps) {
  const [busy, setBusy] = useState<BatchContentAction | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const run = async (action: BatchContentAction) => {
    if (busy) return;
    setBusy(action);
    onBusyChange?.(true);
    try {
      const result = await batchContent(
        action,
        selected.map((content) => content.id),
      );
      // "Nothing changed: ..." is news, not success.
      (result.changed.length > 0 ? toast.success : toast.info)(result.message, { toastId: `batch-${action}` });
      setConfirming(false);
      onDone(result);
    } catch (error) {
      const message = errorMessage(error, M.batchFailed);
      if (action === 'delete') setDeleteError(message);
      else toast.error(message, { toastId: 'batch-failed' });
    } finally {
      setBusy(null);
      onBusyChange?.(false);
    }
  };

  return (
    <>
      <SelectionToolbar count={selected.length} what="contents" onClear={onClear} busy={busy !== null}>
        <button type="button" className="button button-ghost button-small" disabled={busy !== null} onClick={() => void run('pause')}>
          {busy === 'pause' ? 'Pausing...' : 'Pause'}
        </button>
        <button type="button" className="button button-ghost button-small" disabled={busy !== null} onClick={() => void run('resume')}>
          {busy === 'resume' ? 'Resuming...' : 'Resume'}
        </button>
        <button
          type="button"
          className="button button-danger button-small"
          disabled={busy !== null}
          onClick={() => {
            setDeleteError(null);
            setConfirming(true);
          }}
        >
          Delete
        </button>
      </SelectionToolbar>
      <ConfirmDialog
        open={confirming}
        title={M.deleteTitle}
        confirmLabel={M.deleteConfirm}
        danger
        busyLabel={M.deleting}
        message={M.batchDeleteQuestion(selected.length)}
        busy={busy === 'delete'}
        error={deleteError}
        onConfirm={() => void run('delete')}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

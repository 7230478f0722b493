import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { CONTENT_DESCRIPTION_MAX, CONTENT_TITLE_MAX } from '@crossfeed/domain/rules/limits.ts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormMessage } from '@/components/ui/form-message';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { updateContent } from '../api/update-content';
import { CONTENT_MANAGEMENT_MESSAGES as M } from '../messages';
import '../content-management.css';

export type EditableContent = Pick<ContentDto, 'id' | 'title' | 'description'>;

type EditContentModalProps = {
  open: boolean;
  /** The content to edit; the fields start from its title and description at every opening. */
  content: EditableContent | null;
  onClose: () => void;
  /** After a successful PUT, with the server's updated content, before the modal closes. */
  onSaved: (updated: ContentDto) => void;
};

/**
 * SPEC §2 Edit Content: title and description, both required (SPEC §5), saved with PUT /content/{id}/.
 * Success toasts 'Content updated successfully!'; a failure shows the server's text or 'Failed to update content.'
 */
export function EditContentModal({ open, content, onClose, onSaved }: EditContentModalProps) {
  const formId = useId();
  const titleId = useId();
  const descriptionId = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTitle(content?.title ?? '');
    setDescription(content?.description ?? '');
    setError(null);
    setSaving(false);
  }, [open, content]);

  const close = () => {
    if (!saving) onClose();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!content || saving) return;
    const edit = { title: title.trim(), description: description.trim() };
    if (!edit.title || !edit.description) {
      setError(M.editRequired);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const updated = await updateContent(content.id, edit);
      toast.success(M.updated, { toastId: `content-updated-${content.id}` });
      onSaved(updated);
      onClose();
    } catch (caught) {
      setSaving(false);
      setError(errorMessage(caught, M.updateFailed));
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={M.editTitle}
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={!content || saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} className="edit-content-form" aria-label={M.editTitle} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="form-field">
          <label htmlFor={titleId}>Title</label>
          <input
            id={titleId}
            type="text"
            value={title}
            maxLength={CONTENT_TITLE_MAX}
            required
            aria-invalid={error === M.editRequired && !title.trim() ? true : undefined}
            onChange={(event) => setTitle(event.target.value)}
            disabled={saving}
          />
        </div>
        <div className="form-field">
          <label htmlFor={descriptionId}>Description</label>
          <textarea
            id={descriptionId}
            value={description}
            rows={4}
            maxLength={CONTENT_DESCRIPTION_MAX}
            required
            aria-invalid={error === M.editRequired && !description.trim() ? true : undefined}
            onChange={(event) => setDescription(event.target.value)}
            disabled={saving}
          />
        </div>
        <FormMessage tone="error">{error}</FormMessage>
      </form>
    </Modal>
  );
}

import { api } from '@/lib/api-client';

/** The e-mail a share sends one contact, exactly as they receive it; `html` is a whole HTML document. */
export type SharePreview = { from: string; reply_to: string; to: string; subject: string; text: string; html: string };

/**
 * POST /content/{id}/share-preview: the e-mail for `contactId` (else for a sample reader) with the sharer's
 * note as it stands.
 */
export function previewShareEmail(
  contentId: string,
  request: { note: string | null; contactId?: string },
  signal?: AbortSignal,
): Promise<SharePreview> {
  const body = request.contactId === undefined ? { note: request.note } : { note: request.note, contact_id: request.contactId };
  return api.post<SharePreview>(`/content/${encodeURIComponent(contentId)}/share-preview`, body, { signal });
}

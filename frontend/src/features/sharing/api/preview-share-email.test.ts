import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { previewShareEmail } from './preview-share-email';

describe('previewShareEmail', () => {
  afterEach(() => vi.restoreAllMocks());

  it("asks POST /content/{id}/share-preview for the first chosen contact's e-mail with the note", async () => {
    const preview = { from: 'a', reply_to: 'b', to: 'c', subject: 'd', text: 'e', html: '<p>f</p>' };
    const post = vi.spyOn(api, 'post').mockResolvedValue(preview);
    const controller = new AbortController();
    await expect(previewShareEmail('c/1', { note: 'Read it', contactId: 'k1' }, controller.signal)).resolves.toEqual(preview);
    expect(post).toHaveBeenCalledWith('/content/c%2F1/share-preview', { note: 'Read it', contact_id: 'k1' }, { signal: controller.signal });
  });

  it('sends no contact for a sample reader', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({});
    await previewShareEmail('c1', { note: null });
    expect(post).toHaveBeenCalledWith('/content/c1/share-preview', { note: null }, { signal: undefined });
  });
});

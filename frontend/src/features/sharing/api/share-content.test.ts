import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { getShareSummary } from './get-share-summary';
import { shareContent } from './share-content';

describe('sharing API', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shares with the contacts in the order chosen and the note (null when none)', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ message: 'Content shared successfully!', share_count: 1 });
    await shareContent('c1', ['k2', 'k1'], 'Worth it');
    expect(post).toHaveBeenLastCalledWith('/content/c1/share/', { contact_ids: ['k2', 'k1'], note: 'Worth it' });
    await shareContent('c1', ['k1']);
    expect(post).toHaveBeenLastCalledWith('/content/c1/share/', { contact_ids: ['k1'], note: null });
  });

  it('reads GET /content/{id}/share-summary with the signal', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ still_needed: 2 });
    const controller = new AbortController();
    await expect(getShareSummary('c1', controller.signal)).resolves.toEqual({ still_needed: 2 });
    expect(get).toHaveBeenCalledWith('/content/c1/share-summary', { signal: controller.signal });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { getContacts } from './contacts';

describe('getContacts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks GET /contacts/ for a page with the signal and answers the page', async () => {
    const page = { items: [{ id: 'c1', name: 'Ada', email: 'ada@example.com', audience_score: null }], total: 1 };
    const getPage = vi.spyOn(api, 'getPage').mockResolvedValue(page);
    const controller = new AbortController();
    await expect(getContacts({ offset: 100, limit: 100 }, controller.signal)).resolves.toEqual(page);
    expect(getPage).toHaveBeenCalledWith('/contacts/', { offset: 100, limit: 100 }, { signal: controller.signal });
  });
});

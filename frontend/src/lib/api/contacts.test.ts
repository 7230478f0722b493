import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { getContacts } from './contacts';

describe('getContacts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks GET /contacts/ with the signal and answers the list', async () => {
    const contacts = [{ id: 'c1', name: 'Ada', email: 'ada@example.com', audience_score: null }];
    const get = vi.spyOn(api, 'get').mockResolvedValue(contacts);
    const controller = new AbortController();
    await expect(getContacts(controller.signal)).resolves.toEqual(contacts);
    expect(get).toHaveBeenCalledWith('/contacts/', { signal: controller.signal });
  });
});

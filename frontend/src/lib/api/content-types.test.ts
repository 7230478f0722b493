import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { getContentTypes, readContentTypes } from './content-types';

describe('content types', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the non-blank strings of the answer, and none from another shape', () => {
    expect(readContentTypes({ content_types: ['article', 'video', 3, '', ' '] })).toEqual(['article', 'video']);
    expect(readContentTypes({ content_types: [] })).toEqual([]);
    expect(readContentTypes({ content_types: 'article' })).toEqual([]);
    expect(readContentTypes(['article'])).toEqual([]);
    expect(readContentTypes(null)).toEqual([]);
  });

  it('asks GET /content/types with the signal and answers the list', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ content_types: ['article', 'podcast'] });
    const controller = new AbortController();
    await expect(getContentTypes(controller.signal)).resolves.toEqual(['article', 'podcast']);
    expect(get).toHaveBeenCalledWith('/content/types', { signal: controller.signal });
  });
});

import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { renderHook, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { useOwnContents } from '@/lib/api/own-contents';
import { api } from '@/lib/api-client';

/**
 * The own contents as a page showing them sees them (the workspace's list): `contents` once loaded. GET
 * /content/ answers `items` for this first read only; the spy is restored afterwards.
 */
export async function showOwnContents(items: ContentDto[]) {
  const getPage = vi.spyOn(api, 'getPage').mockResolvedValueOnce({ items, total: items.length });
  const view = renderHook(() => useOwnContents());
  await waitFor(() => expect(view.result.current.status).toBe('ready'));
  getPage.mockRestore();
  return { contents: () => view.result.current.contents, total: () => view.result.current.total };
}

import { renderHook, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { useKeptWorkspace } from '../api/kept-workspace';
import type { ContentDto, WorkspaceDto } from '../types';

/**
 * The kept workspace as a page showing it sees it, loaded with `selection` (each match at `delivered` of its
 * required shares, 0 unless given): GET /workspace answers it for this first read only.
 */
export async function showKeptWorkspace(
  selection: { matches?: ContentDto[]; contents?: ContentDto[] },
  { delivered = {}, sharesLeftToday = null }: { delivered?: Record<string, number>; sharesLeftToday?: number | null } = {},
) {
  const matches = selection.matches ?? [];
  const contents = selection.contents ?? [];
  const answer: WorkspaceDto = {
    match_ids: matches.map((item) => item.id),
    content_ids: contents.map((item) => item.id),
    matches: matches.map((content) => {
      const shares = delivered[content.id] ?? 0;
      return { content_id: content.id, title: content.title, delivered: shares, required: content.required_shares, completed: shares >= content.required_shares, content };
    }),
    contents,
    progress_percent: 0,
    shares_left_today: sharesLeftToday,
    daily_share_limit: sharesLeftToday === null ? null : 3,
  };
  const get = vi.spyOn(api, 'get').mockResolvedValueOnce(answer);
  const view = renderHook(() => useKeptWorkspace());
  await waitFor(() => expect(view.result.current.loading).toBe(false));
  get.mockRestore();
  return { workspace: () => view.result.current };
}

import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import type { WorkspaceDto } from '../types';
import {
  KEPT_WORKSPACE_KEY,
  applyContentProgress,
  forgetKeptWorkspace,
  forgetQueuedContent,
  recordShare,
  replaceQueuedContent,
  startOver,
  toggleSelected,
  useKeptWorkspace,
  type KeptWorkspace,
} from './kept-workspace';

let get: Mock<(path: string) => Promise<unknown>>;
let post: Mock<(path: string) => Promise<unknown>>;
let put: Mock<(path: string, json?: unknown) => Promise<unknown>>;
let toastError: ReturnType<typeof vi.spyOn>;
let toastSuccess: ReturnType<typeof vi.spyOn>;

type Selection = { match_ids: string[]; content_ids: string[] };
/** A GET /workspace answer: `delivered` per match id (required 5 unless given). */
function workspace(selection: Selection, delivered: Record<string, number> = {}, extra: Partial<WorkspaceDto> = {}, required: Record<string, number> = {}): WorkspaceDto {
  return {
    match_ids: selection.match_ids,
    content_ids: selection.content_ids,
    matches: selection.match_ids.map((id) => {
      const shares = delivered[id] ?? 0;
      const needed = required[id] ?? 5;
      return { content_id: id, title: `Title ${id}`, delivered: shares, required: needed, completed: shares >= needed, content: makeContent(id, { required_shares: needed }) };
    }),
    contents: selection.content_ids.map((id) => makeContent(id)),
    progress_percent: 0,
    shares_left_today: 3,
    daily_share_limit: 3,
    ...extra,
  };
}
const EMPTY_ANSWER = workspace({ match_ids: [], content_ids: [] });
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);
const store = () => useAppStore.getState();
const kept = () => queryClient.getQueryData<KeptWorkspace>(KEPT_WORKSPACE_KEY);
/** Lets the pending API promises and what they set settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** The workspace on screen (the hook mounted), loaded from `answer`. */
async function show(answer: WorkspaceDto = EMPTY_ANSWER) {
  get.mockResolvedValueOnce(answer);
  const view = renderHook(() => useKeptWorkspace());
  await waitFor(() => expect(view.result.current.loading).toBe(false));
  return view;
}

beforeEach(() => {
  get = vi.fn();
  post = vi.fn(async () => EMPTY_ANSWER);
  // The kept workspace answers as the server would: the selection sent, no shares yet.
  put = vi.fn(async (_path: string, json?: unknown) => workspace(json as Selection));
  vi.spyOn(api, 'get').mockImplementation(get as never);
  vi.spyOn(api, 'post').mockImplementation(post as never);
  vi.spyOn(api, 'put').mockImplementation(put as never);
  toastError = vi.spyOn(toast, 'error');
  toastSuccess = vi.spyOn(toast, 'success');
  store().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());
});
afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('loading the kept workspace', () => {
  it('loads the selection, each match’s progress and the shares left today', async () => {
    get.mockResolvedValueOnce(workspace({ match_ids: ['m1', 'm2'], content_ids: ['c1'] }, { m1: 2 }, { shares_left_today: 1 }));
    const { result } = renderHook(() => useKeptWorkspace());
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(get).toHaveBeenCalledWith('/workspace', expect.anything());
    expect(ids(result.current.matches)).toEqual(['m1', 'm2']);
    expect(ids(result.current.contents)).toEqual(['c1']);
    expect(result.current.progress).toEqual({ m1: { delivered: 2, required: 5 }, m2: { delivered: 0, required: 5 } });
    expect(result.current.percent).toBe(20);
    expect([result.current.sharesLeftToday, result.current.dailyShareLimit]).toEqual([1, 3]);
  });

  it('Premium has no shares-left count', async () => {
    const { result } = await show(workspace({ match_ids: [], content_ids: [] }, {}, { shares_left_today: null, daily_share_limit: null }));
    expect([result.current.sharesLeftToday, result.current.dailyShareLimit]).toEqual([null, null]);
  });

  it("a failed load toasts 'Failed to load your workspace.'", async () => {
    get.mockRejectedValueOnce(new ApiError(500, 'boom'));
    const { result } = renderHook(() => useKeptWorkspace());
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to load your workspace.', expect.anything()));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.matches).toEqual([]);
  });

  it('a workspace that another tab brought to 100 % shows the notice and resets', async () => {
    const { result } = await show(workspace({ match_ids: ['m1'], content_ids: [] }, { m1: 5 }));
    await settle();
    expect(store().workspaceNotice).toBe('All content shared! Progress has been reset.');
    expect(post).toHaveBeenCalledWith('/workspace/reset');
    expect(result.current.matches).toEqual([]);
  });
});

describe('selecting', () => {
  it('each toggle adds or removes, marks its step and saves the whole selection with PUT /workspace', async () => {
    const { result } = await show();
    await act(() => toggleSelected('match', makeContent('m1')));
    expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: ['m1'], content_ids: [] });
    expect(store().stepsDone).toEqual({ match: true, content: false });
    await act(() => toggleSelected('content', makeContent('c1')));
    expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: ['m1'], content_ids: ['c1'] });
    await act(() => toggleSelected('match', makeContent('m1')));
    expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: [], content_ids: ['c1'] });
    await waitFor(() => expect(result.current.matches).toEqual([]));
    expect(ids(result.current.contents)).toEqual(['c1']);
    expect(store().stepsDone).toEqual({ match: true, content: true });
  });

  it('toggles made while the kept workspace loads are applied on top of it, then saved', async () => {
    let answer: (value: WorkspaceDto) => void = () => {};
    get.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useKeptWorkspace());
    const first = toggleSelected('match', makeContent('m2'));
    const second = toggleSelected('match', makeContent('m1'));
    await settle();
    expect(put).not.toHaveBeenCalled();
    answer(workspace({ match_ids: ['m1'], content_ids: ['c1'] }));
    await act(() => Promise.all([first, second]));
    // m1 was kept and clicked again (removed); m2 is new.
    expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: ['m2'], content_ids: ['c1'] });
    await waitFor(() => expect(ids(result.current.matches)).toEqual(['m2']));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('an answer that is not a workspace changes nothing, and clicks made meanwhile are not saved over the kept selection', async () => {
    get.mockResolvedValueOnce({ remaining_shuffles: 1 });
    const { result } = renderHook(() => useKeptWorkspace());
    await act(() => toggleSelected('match', makeContent('m1')));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(ids(result.current.matches)).toEqual(['m1']);
    expect(put).not.toHaveBeenCalled();
  });

  it('toggles made while a save is on its way are sent after it in one request, the latest selection last', async () => {
    const { result } = await show();
    let answer: (value: WorkspaceDto) => void = () => {};
    put.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    void toggleSelected('match', makeContent('m1'));
    await settle();
    expect(put).toHaveBeenCalledTimes(1);
    void toggleSelected('match', makeContent('m2'));
    void toggleSelected('match', makeContent('m3'));
    await settle();
    expect(put).toHaveBeenCalledTimes(1);
    answer(workspace({ match_ids: ['m1'], content_ids: [] }));
    await settle();
    expect(put).toHaveBeenCalledTimes(2);
    expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: ['m1', 'm2', 'm3'], content_ids: [] });
    await waitFor(() => expect(ids(result.current.matches)).toEqual(['m1', 'm2', 'm3']));
  });

  it('a read that began before a save and is answered after it does not undo the toggle', async () => {
    const { result } = await show();
    let answerFetch: (value: WorkspaceDto) => void = () => {};
    get.mockImplementationOnce(() => new Promise((resolve) => (answerFetch = resolve)));
    const fetching = queryClient.refetchQueries({ queryKey: KEPT_WORKSPACE_KEY });
    await act(() => toggleSelected('match', makeContent('m1')));
    answerFetch(EMPTY_ANSWER);
    await act(() => fetching);
    await settle();
    expect(ids(result.current.matches)).toEqual(['m1']);
  });

  it("a failed save toasts 'Failed to save your workspace.' and shows what the server kept", async () => {
    const { result } = await show();
    put.mockRejectedValueOnce(new ApiError(400, 'match_ids: content m9 is not available.'));
    get.mockResolvedValueOnce(workspace({ match_ids: ['m1'], content_ids: [] }));
    await act(() => toggleSelected('match', makeContent('m9')));
    expect(toastError).toHaveBeenCalledWith('Failed to save your workspace.', expect.anything());
    await waitFor(() => expect(ids(result.current.matches)).toEqual(['m1']));
  });
});

describe('the end of a session', () => {
  it('a save on its way shows nothing to the next account, and a save waiting behind it is not sent', async () => {
    await show();
    let answerSave: (value: WorkspaceDto) => void = () => {};
    put.mockImplementationOnce(() => new Promise((resolve) => (answerSave = resolve)));
    void toggleSelected('match', makeContent('m1'));
    await settle();
    void toggleSelected('match', makeContent('m2'));
    await settle();
    expect(put).toHaveBeenCalledTimes(1);
    act(() => forgetKeptWorkspace());
    const next = await show(workspace({ match_ids: ['theirs'], content_ids: [] }));
    answerSave(workspace({ match_ids: ['m1'], content_ids: [] }));
    await settle();
    expect(put).toHaveBeenCalledTimes(1);
    expect(ids(next.result.current.matches)).toEqual(['theirs']);
  });
});

describe('Start Over', () => {
  it('resets steps, selections and progress here and on the server', async () => {
    const { result } = await show(workspace({ match_ids: ['a'], content_ids: ['c'] }, { a: 1 }));
    store().markStepDone('match');
    await act(() => startOver());
    await waitFor(() => expect(result.current.matches).toEqual([]));
    expect(result.current.contents).toEqual([]);
    expect(store().stepsDone).toEqual({ match: false, content: false });
    expect(post).toHaveBeenCalledWith('/workspace/reset');
  });

  it('while a save is on its way it resets on the server after the save, so the server ends empty', async () => {
    const { result } = await show();
    let answerSave: (value: WorkspaceDto) => void = () => {};
    put.mockImplementationOnce(() => new Promise((resolve) => (answerSave = resolve)));
    void toggleSelected('match', makeContent('m1'));
    await settle();
    void startOver();
    await settle();
    expect(post).not.toHaveBeenCalled();
    answerSave(workspace({ match_ids: ['m1'], content_ids: [] }));
    await settle();
    expect(post).toHaveBeenCalledWith('/workspace/reset');
    await waitFor(() => expect(result.current.matches).toEqual([]));
  });
});

describe('a share', () => {
  it('takes the match’s progress and share count from the server’s answer, never counting on its own', async () => {
    const { result } = await show(workspace({ match_ids: ['a', 'b'], content_ids: [] }, { a: 2 }));
    const after = workspace({ match_ids: ['a', 'b'], content_ids: [] }, { a: 2 });
    after.matches[0]!.content.share_count = 4;
    get.mockResolvedValueOnce(after);
    act(() => recordShare('a', { share_count: 4, match: { delivered: 2, required: 5 } }));
    await waitFor(() => expect(result.current.matches[0]?.share_count).toBe(4));
    expect(result.current.progress.a).toEqual({ delivered: 2, required: 5 });
    expect(result.current.percent).toBe(20);
  });

  it('counts the people a share reached, as the server answered it, and asks the server again', async () => {
    const { result } = await show(workspace({ match_ids: ['m1'], content_ids: [] }, {}, { shares_left_today: 3 }));
    get.mockResolvedValueOnce(workspace({ match_ids: ['m1'], content_ids: [] }, { m1: 3 }, { shares_left_today: 2 }));
    act(() => recordShare('m1', { share_count: 5, match: { delivered: 3, required: 5 } }));
    expect(kept()?.progress.m1).toEqual({ delivered: 3, required: 5 });
    expect(kept()?.sharesLeftToday).toBe(2);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(result.current.percent).toBe(60));
    expect(result.current.sharesLeftToday).toBe(2);
  });

  it("at 100 % shows 'All content shared! Progress has been reset.' in step 3 (no second toast after the share's), resets steps, selections and progress, and resets the server's", async () => {
    const { result } = await show(workspace({ match_ids: ['a'], content_ids: ['c'] }, { a: 1 }, {}, { a: 2 }));
    store().markStepDone('match');
    act(() => recordShare('a', { share_count: 2, match: { delivered: 2, required: 2 } }));
    expect(store().workspaceNotice).toBe('All content shared! Progress has been reset.');
    // One share, one toast: the share modal's; the notice says the rest.
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(store().stepsDone).toEqual({ match: false, content: false });
    await waitFor(() => expect(result.current.matches).toEqual([]));
    expect(result.current.contents).toEqual([]);
    expect(result.current.progress).toEqual({});
    expect(result.current.percent).toBe(0);
    await settle();
    expect(post).toHaveBeenCalledWith('/workspace/reset');
  });

  it('with no workspace shown nothing is written or asked', async () => {
    recordShare('m1', { share_count: 1, match: { delivered: 1, required: 5 } });
    applyContentProgress({ content_id: 'c1', share_count: 2, required_shares: 5, status: 'active' });
    await settle();
    expect(kept()).toBeUndefined();
    expect(get).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
  });
});

describe('own contents in the queue', () => {
  it('a push moves a queued content’s count forward, never back', async () => {
    await show(workspace({ match_ids: [], content_ids: ['c1'] }));
    act(() => applyContentProgress({ content_id: 'c1', share_count: 4, required_shares: 5, status: 'active' }));
    act(() => applyContentProgress({ content_id: 'c1', share_count: 2, required_shares: 5, status: 'active' }));
    expect(kept()?.contents[0]?.share_count).toBe(4);
  });

  it('an edited item is replaced in the queue', async () => {
    await show(workspace({ match_ids: [], content_ids: ['y'] }));
    act(() => replaceQueuedContent(makeContent('y', { title: 'Renamed' })));
    expect(kept()?.contents.map((item) => item.title)).toEqual(['Renamed']);
  });

  it('a deleted item leaves every selection', async () => {
    await show(workspace({ match_ids: ['x'], content_ids: ['x', 'y'] }));
    act(() => forgetQueuedContent('x'));
    expect(ids(kept()!.contents)).toEqual(['y']);
    expect(kept()!.matches).toEqual([]);
  });
});

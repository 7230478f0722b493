import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api, ApiError, type Page, type PageRequest } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import type { WorkspaceDto } from '../types';
import { selectShareProgress } from './workspace-slice';

// The store is built by the test setup before any vi.mock could apply, so the API client is spied on.
let get: Mock<(path: string, request?: { query?: Record<string, unknown> }) => Promise<unknown>>;
let getPage: Mock<(path: string, page?: PageRequest) => Promise<Page<unknown>>>;
let post: Mock<(path: string) => Promise<unknown>>;
let put: Mock<(path: string, json?: unknown) => Promise<unknown>>;
let toastError: ReturnType<typeof vi.spyOn>;
let toastSuccess: ReturnType<typeof vi.spyOn>;

const store = () => useAppStore.getState();
const signIn = (premium = false) =>
  store().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium }));

type Selection = { match_ids: string[]; content_ids: string[] };
/** A GET /workspace answer: `delivered` per match id (required 5 unless given). */
function workspace(
  selection: Selection,
  delivered: Record<string, number> = {},
  extra: Partial<WorkspaceDto> = {},
  required: Record<string, number> = {},
): WorkspaceDto {
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
/** Lets the pending API promises and what they set settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('workspace slice', () => {
  beforeEach(() => {
    get = vi.fn();
    post = vi.fn();
    getPage = vi.fn();
    // The kept workspace answers as the server would: the selection sent, no shares yet.
    put = vi.fn(async (_path: string, json?: unknown) => workspace(json as Selection));
    vi.spyOn(api, 'put').mockImplementation(put as never);
    vi.spyOn(api, 'get').mockImplementation(get as never);
    vi.spyOn(api, 'getPage').mockImplementation(getPage as never);
    vi.spyOn(api, 'post').mockImplementation(post as never);
    toastError = vi.spyOn(toast, 'error');
    toastSuccess = vi.spyOn(toast, 'success');
    signIn();
  });

  describe('steps and selections', () => {
    it('step 1 completes when a matched item is clicked; selecting it again removes it', () => {
      const match = makeContent('m1');
      store().toggleMatch(match);
      expect(store().selectedMatches.map((item) => item.id)).toEqual(['m1']);
      expect(store().stepsDone).toEqual({ match: true, content: false });

      store().toggleMatch(match);
      expect(store().selectedMatches).toEqual([]);
      expect(store().stepsDone.match).toBe(true);
    });

    it('step 2 completes when a content item is clicked; selecting it again removes it', () => {
      const own = makeContent('c1');
      store().toggleContent(own);
      store().toggleContent(makeContent('c2'));
      expect(store().selectedContents.map((item) => item.id)).toEqual(['c1', 'c2']);
      expect(store().stepsDone).toEqual({ match: false, content: true });

      store().toggleContent(own);
      expect(store().selectedContents.map((item) => item.id)).toEqual(['c2']);
    });
  });

  describe('share progress', () => {
    // The workspace has asked the server for the kept one.
    beforeEach(() => useAppStore.setState({ workspaceStatus: 'ready' }));

    it('is delivered shares over the selected matches’ required shares (default 5), each share adding one', async () => {
      store().toggleMatch(makeContent('a', { required_shares: 5 }));
      store().toggleMatch(makeContent('b', { required_shares: undefined as unknown as number }));
      await settle();
      expect(selectShareProgress(store())).toBe(0);

      get.mockResolvedValueOnce(workspace({ match_ids: ['a', 'b'], content_ids: [] }, { a: 1 }));
      store().recordShare('a', { share_count: 1, match: { delivered: 1, required: 5 } });
      expect(store().matchProgress.a).toEqual({ delivered: 1, required: 5 });
      expect(selectShareProgress(store())).toBe(10);
      await settle();
      expect(get).toHaveBeenCalledWith('/workspace');
      expect(selectShareProgress(store())).toBe(10);
    });

    it('shows the server’s share count on the shared match in the selection (the matched list: matches-query)', () => {
      const match = makeContent('a', { share_count: 2 });
      store().toggleMatch(match);

      store().recordShare('a', { share_count: 3, match: { delivered: 1, required: 5 } });

      expect(store().selectedMatches[0]?.share_count).toBe(3);
    });

    it('takes the match’s progress from the server, never counting on its own (a share that counted nobody moves nothing)', () => {
      const match = makeContent('a', { share_count: 4 });
      useAppStore.setState({ matchProgress: { a: { delivered: 2, required: 5 } } });
      store().toggleMatch(match);

      store().recordShare('a', { share_count: 4, match: { delivered: 2, required: 5 } });

      expect(store().matchProgress.a).toEqual({ delivered: 2, required: 5 });
      expect(store().selectedMatches[0]?.share_count).toBe(4);
    });

    it('counts the people a share reached, as the server answered it: one share to five completes a match of 5', async () => {
      const match = makeContent('a', { share_count: 2 });
      store().toggleMatch(match);
      await settle();
      post.mockResolvedValueOnce(workspace({ match_ids: [], content_ids: [] }));

      store().recordShare('a', { share_count: 5, match: { delivered: 3, required: 5 } });

      expect(store().selectedMatches[0]?.share_count).toBe(5);
      expect(store().matchProgress.a).toEqual({ delivered: 3, required: 5 });
      expect(selectShareProgress(store())).toBe(60);
    });

    it("at 100 % shows 'All content shared! Progress has been reset.' in step 3 (no second toast after the share's), resets steps, selections and progress, and resets the server's", async () => {
      put.mockImplementation(async (_path, json) => workspace(json as Selection, { a: 1 }, {}, { a: 2 }));
      store().toggleMatch(makeContent('a', { required_shares: 2 }));
      store().toggleContent(makeContent('c'));
      await settle();
      expect(store().matchProgress.a).toEqual({ delivered: 1, required: 2 });
      expect(store().workspaceNotice).toBeNull();
      post.mockResolvedValueOnce(workspace({ match_ids: [], content_ids: [] }));

      store().recordShare('a', { share_count: 2, match: { delivered: 2, required: 2 } });

      expect(store().workspaceNotice).toBe('All content shared! Progress has been reset.');
      // One share, one toast: the share modal's; the notice says the rest.
      expect(toastSuccess).not.toHaveBeenCalled();
      expect(store().selectedMatches).toEqual([]);
      expect(store().selectedContents).toEqual([]);
      expect(store().matchProgress).toEqual({});
      expect(store().stepsDone).toEqual({ match: false, content: false });
      expect(selectShareProgress(store())).toBe(0);
      await settle();
      expect(post).toHaveBeenCalledWith('/workspace/reset');
      expect(store().selectedMatches).toEqual([]);
    });

    it('Start Over resets steps, selections and progress (here and on the server) but keeps the filter chosen', async () => {
      useAppStore.setState({ viewFilter: 'topPerformers' });
      store().toggleMatch(makeContent('a'));
      await settle();
      post.mockResolvedValueOnce(workspace({ match_ids: [], content_ids: [] }));

      store().resetWorkspaceProgress();

      expect(store().selectedMatches).toEqual([]);
      expect(store().stepsDone).toEqual({ match: false, content: false });
      expect(store().viewFilter).toBe('topPerformers');
      await settle();
      expect(post).toHaveBeenCalledWith('/workspace/reset');
    });
  });

  describe('the workspace kept on the server', () => {
    beforeEach(() => useAppStore.setState({ workspaceStatus: 'ready' }));

    it('until the workspace asked for the kept one, nothing is written or asked (a panel on its own)', async () => {
      useAppStore.setState({ workspaceStatus: 'idle' });
      store().toggleMatch(makeContent('m1'));
      store().toggleContent(makeContent('c1'));
      store().recordShare('m1', { share_count: 1, match: { delivered: 1, required: 5 } });
      store().resetWorkspaceProgress();
      await settle();
      expect(put).not.toHaveBeenCalled();
      expect(post).not.toHaveBeenCalled();
      expect(get).not.toHaveBeenCalled();
    });

    it('toggles made while the kept workspace loads are applied on top of it, then saved', async () => {
      useAppStore.setState({ workspaceStatus: 'idle' });
      let answer: (value: WorkspaceDto) => void = () => {};
      get.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
      const loading = store().fetchWorkspace();
      store().toggleMatch(makeContent('m2'));
      store().toggleMatch(makeContent('m1'));
      await settle();
      expect(put).not.toHaveBeenCalled();
      answer(workspace({ match_ids: ['m1'], content_ids: ['c1'] }));
      await loading;
      await settle();
      // m1 was kept and clicked again (removed); m2 is new.
      expect(put).toHaveBeenCalledWith('/workspace', { match_ids: ['m2'], content_ids: ['c1'] });
      expect(store().selectedMatches.map((item) => item.id)).toEqual(['m2']);
    });

    it('loads the selection, each match’s progress and the shares left today', async () => {
      useAppStore.setState({ workspaceStatus: 'idle' });
      get.mockResolvedValueOnce(workspace({ match_ids: ['m1', 'm2'], content_ids: ['c1'] }, { m1: 2 }, { shares_left_today: 1 }));
      const pending = store().fetchWorkspace();
      expect(store().workspaceStatus).toBe('loading');
      await pending;
      expect(get).toHaveBeenCalledWith('/workspace');
      expect(store().workspaceStatus).toBe('ready');
      expect(store().selectedMatches.map((item) => item.id)).toEqual(['m1', 'm2']);
      expect(store().selectedContents.map((item) => item.id)).toEqual(['c1']);
      expect(store().matchProgress).toEqual({ m1: { delivered: 2, required: 5 }, m2: { delivered: 0, required: 5 } });
      expect(selectShareProgress(store())).toBe(20);
      expect([store().sharesLeftToday, store().dailyShareLimit]).toEqual([1, 3]);
      // A kept selection completes its steps.
      expect(store().stepsDone).toEqual({ match: true, content: true });
    });

    it('an answer that is not a workspace changes nothing, and clicks made meanwhile are not saved over the kept selection', async () => {
      useAppStore.setState({ workspaceStatus: 'idle' });
      get.mockResolvedValueOnce({ remaining_shuffles: 1 });
      const loading = store().fetchWorkspace();
      store().toggleMatch(makeContent('m1'));
      await loading;
      await settle();
      expect(store().workspaceStatus).toBe('error');
      expect(store().selectedMatches.map((item) => item.id)).toEqual(['m1']);
      expect(put).not.toHaveBeenCalled();
    });

    it('Premium has no shares-left count', async () => {
      get.mockResolvedValueOnce(workspace({ match_ids: [], content_ids: [] }, {}, { shares_left_today: null, daily_share_limit: null }));
      await store().fetchWorkspace();
      expect([store().sharesLeftToday, store().dailyShareLimit]).toEqual([null, null]);
    });

    it('each toggle saves the whole selection with PUT /workspace', async () => {
      store().toggleMatch(makeContent('m1'));
      await settle();
      expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: ['m1'], content_ids: [] });
      store().toggleContent(makeContent('c1'));
      await settle();
      expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: ['m1'], content_ids: ['c1'] });
      store().toggleMatch(makeContent('m1'));
      await settle();
      expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: [], content_ids: ['c1'] });
    });

    it('toggles made while a save is on its way are sent after it in one request, the latest selection last', async () => {
      let answer: (value: WorkspaceDto) => void = () => {};
      put.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
      store().toggleMatch(makeContent('m1'));
      await settle();
      expect(put).toHaveBeenCalledTimes(1);
      store().toggleMatch(makeContent('m2'));
      store().toggleMatch(makeContent('m3'));
      await settle();
      expect(put).toHaveBeenCalledTimes(1);
      answer(workspace({ match_ids: ['m1'], content_ids: [] }));
      await settle();
      expect(put).toHaveBeenCalledTimes(2);
      expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: ['m1', 'm2', 'm3'], content_ids: [] });
      expect(store().selectedMatches.map((item) => item.id)).toEqual(['m1', 'm2', 'm3']);
    });

    it('a fetch answered while a save is on its way does not undo the toggle', async () => {
      let answerSave: (value: WorkspaceDto) => void = () => {};
      put.mockImplementationOnce(() => new Promise((resolve) => (answerSave = resolve)));
      let answerFetch: (value: WorkspaceDto) => void = () => {};
      get.mockImplementationOnce(() => new Promise((resolve) => (answerFetch = resolve)));
      const fetching = store().fetchWorkspace();
      store().toggleMatch(makeContent('m1'));
      answerFetch(workspace({ match_ids: [], content_ids: [] }));
      await fetching;
      expect(store().selectedMatches.map((item) => item.id)).toEqual(['m1']);
      answerSave(workspace({ match_ids: ['m1'], content_ids: [] }, { m1: 3 }));
      await settle();
      expect(store().matchProgress.m1).toEqual({ delivered: 3, required: 5 });
    });

    it("a failed save toasts 'Failed to save your workspace.' and shows what the server kept", async () => {
      put.mockRejectedValueOnce(new ApiError(400, 'match_ids: content m9 is not available.'));
      get.mockResolvedValueOnce(workspace({ match_ids: ['m1'], content_ids: [] }));
      store().toggleMatch(makeContent('m9'));
      await settle();
      await settle();
      expect(toastError).toHaveBeenCalledWith('Failed to save your workspace.', expect.anything());
      expect(store().selectedMatches.map((item) => item.id)).toEqual(['m1']);
    });

    it("a failed load toasts 'Failed to load your workspace.'", async () => {
      useAppStore.setState({ workspaceStatus: 'idle' });
      get.mockRejectedValueOnce(new ApiError(500, 'boom'));
      await store().fetchWorkspace();
      expect(store().workspaceStatus).toBe('error');
      expect(toastError).toHaveBeenCalledWith('Failed to load your workspace.', expect.anything());
    });

    it('Start Over while a save is on its way resets on the server after the save, so the server ends empty', async () => {
      let answerSave: (value: WorkspaceDto) => void = () => {};
      put.mockImplementationOnce(() => new Promise((resolve) => (answerSave = resolve)));
      post.mockResolvedValueOnce(workspace({ match_ids: [], content_ids: [] }));
      store().toggleMatch(makeContent('m1'));
      await settle();
      store().resetWorkspaceProgress();
      await settle();
      expect(post).not.toHaveBeenCalled();
      answerSave(workspace({ match_ids: ['m1'], content_ids: [] }));
      await settle();
      expect(post).toHaveBeenCalledWith('/workspace/reset');
      expect(store().selectedMatches).toEqual([]);
    });

    it('a workspace that another tab brought to 100 % shows the notice and resets', async () => {
      get.mockResolvedValueOnce(workspace({ match_ids: ['m1'], content_ids: [] }, { m1: 5 }));
      post.mockResolvedValueOnce(workspace({ match_ids: [], content_ids: [] }));
      await store().fetchWorkspace();
      await settle();
      expect(store().workspaceNotice).toBe('All content shared! Progress has been reset.');
      expect(post).toHaveBeenCalledWith('/workspace/reset');
      expect(store().selectedMatches).toEqual([]);
    });

    it('a share takes one from the shares left today and asks the server again', async () => {
      get.mockResolvedValueOnce(workspace({ match_ids: ['m1'], content_ids: [] }, {}, { shares_left_today: 3 }));
      await store().fetchWorkspace();
      get.mockResolvedValueOnce(workspace({ match_ids: ['m1'], content_ids: [] }, { m1: 1 }, { shares_left_today: 2 }));
      store().recordShare('m1', { share_count: 1, match: { delivered: 1, required: 5 } });
      expect(store().sharesLeftToday).toBe(2);
      expect(store().matchProgress.m1).toEqual({ delivered: 1, required: 5 });
      await settle();
      expect(get).toHaveBeenCalledTimes(2);
      expect(store().sharesLeftToday).toBe(2);
    });
  });

  describe('view filter', () => {
    it('a non-premium Premium choice opens the upsell and the filter does not change', () => {
      expect(store().chooseViewFilter('rankedContent')).toBe(false);
      expect(store().viewFilter).toBe('standard');
      expect(store().workspaceUpsellOpen).toBe(true);
      expect(get).not.toHaveBeenCalled();

      store().closeWorkspaceUpsell();
      expect(store().chooseViewFilter('topPerformers')).toBe(false);
      expect(store().viewFilter).toBe('standard');
      expect(store().workspaceUpsellOpen).toBe(true);
    });

    it('a Premium user switches filters (the list under each is in matches-query)', () => {
      signIn(true);
      expect(store().chooseViewFilter('rankedContent')).toBe(true);
      expect(store().viewFilter).toBe('rankedContent');
      expect(store().chooseViewFilter('rankedContent')).toBe(false);
      store().chooseViewFilter('topPerformers');
      expect(store().viewFilter).toBe('topPerformers');
      store().chooseViewFilter('standard');
      expect(store().viewFilter).toBe('standard');
      expect(store().workspaceUpsellOpen).toBe(false);
    });

    it('anyone may go back to standard', () => {
      get.mockResolvedValue([]);
      useAppStore.setState({ viewFilter: 'topPerformers' });
      expect(store().chooseViewFilter('standard')).toBe(true);
      expect(store().viewFilter).toBe('standard');
    });
  });

  describe('own contents in the queue', () => {
    it('an edited item is replaced in the queue', () => {
      store().toggleContent(makeContent('y'));
      store().replaceOwnContent(makeContent('y', { title: 'Renamed' }));
      expect(store().selectedContents.map((item) => item.title)).toEqual(['Renamed']);
    });

    it('a deleted item leaves every selection', () => {
      store().toggleContent(makeContent('x'));
      store().toggleContent(makeContent('y'));
      store().toggleMatch(makeContent('x'));
      store().forgetContent('x');
      expect(store().selectedContents.map((item) => item.id)).toEqual(['y']);
      expect(store().selectedMatches).toEqual([]);
    });
  });

  it('reset puts everything back', () => {
    store().toggleMatch(makeContent('a'));
    useAppStore.setState({ viewFilter: 'rankedContent', workspaceUpsellOpen: true });
    store().resetWorkspace();
    expect(store().viewFilter).toBe('standard');
    expect(store().selectedMatches).toEqual([]);
    expect(store().workspaceUpsellOpen).toBe(false);
  });

  it('a logout empties the workspace', () => {
    store().toggleMatch(makeContent('a'));
    store().logout();
    expect(store().selectedMatches).toEqual([]);
    expect(store().stepsDone.match).toBe(false);
  });
});

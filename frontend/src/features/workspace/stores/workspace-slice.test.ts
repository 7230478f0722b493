import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api, ApiError, type Page, type PageRequest } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import { page } from '@/testing/page';
import { selectShareProgress } from './workspace-slice';

// The store is built by the test setup before any vi.mock could apply, so the API client is spied on.
let get: Mock<(path: string, request?: { query?: Record<string, unknown> }) => Promise<unknown>>;
let getPage: Mock<(path: string, page?: PageRequest) => Promise<Page<unknown>>>;
let post: Mock<(path: string) => Promise<unknown>>;
let toastError: ReturnType<typeof vi.spyOn>;
let toastSuccess: ReturnType<typeof vi.spyOn>;

const store = () => useAppStore.getState();
const signIn = (premium = false) =>
  store().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium }));
const contents = (...ids: string[]) => ids.map((id) => makeContent(id));

describe('workspace slice', () => {
  beforeEach(() => {
    get = vi.fn();
    post = vi.fn();
    getPage = vi.fn();
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
    it('is shares made over the selected matches’ required shares (default 5), each share adding one', () => {
      store().toggleMatch(makeContent('a', { required_shares: 5 }));
      store().toggleMatch(makeContent('b', { required_shares: undefined as unknown as number }));
      expect(selectShareProgress(store())).toBe(0);

      store().recordShare();
      expect(store().sharesMade).toBe(1);
      expect(selectShareProgress(store())).toBe(10);
      store().recordShare();
      expect(selectShareProgress(store())).toBe(20);
    });

    it('counts the share on the shared match, in the matched list and in the selection', () => {
      const match = makeContent('a', { share_count: 2 });
      useAppStore.setState({ matchedContents: [match, makeContent('b', { share_count: 7 })] });
      store().toggleMatch(match);

      store().recordShare('a');

      expect(store().matchedContents.map((item) => item.share_count)).toEqual([3, 7]);
      expect(store().selectedMatches[0]?.share_count).toBe(3);
    });

    it("at 100 % shows 'All content shared! Progress has been reset.' and resets steps, selections and progress", () => {
      store().toggleMatch(makeContent('a', { required_shares: 2 }));
      store().toggleContent(makeContent('c'));
      store().recordShare();
      expect(store().workspaceNotice).toBeNull();

      store().recordShare();

      expect(store().workspaceNotice).toBe('All content shared! Progress has been reset.');
      expect(toastSuccess).toHaveBeenCalledWith('All content shared! Progress has been reset.', expect.anything());
      expect(store().sharesMade).toBe(0);
      expect(store().selectedMatches).toEqual([]);
      expect(store().selectedContents).toEqual([]);
      expect(store().stepsDone).toEqual({ match: false, content: false });
      expect(selectShareProgress(store())).toBe(0);
    });

    it('Start Over resets steps, selections and progress but keeps the loaded lists', async () => {
      get.mockResolvedValueOnce(contents('a'));
      await store().fetchMatchedContent();
      store().toggleMatch(makeContent('a'));
      store().recordShare();

      store().resetWorkspaceProgress();

      expect(store().sharesMade).toBe(0);
      expect(store().selectedMatches).toEqual([]);
      expect(store().stepsDone).toEqual({ match: false, content: false });
      expect(store().matchedContents).toHaveLength(1);
    });
  });

  describe('matched content', () => {
    it('fetches GET /content/match and keeps at most 4 items', async () => {
      get.mockResolvedValueOnce(contents('a', 'b', 'c', 'd', 'e'));
      const pending = store().fetchMatchedContent();
      expect(store().matchedStatus).toBe('loading');
      await pending;

      expect(get).toHaveBeenCalledWith('/content/match', { query: {} });
      expect(store().matchedContents.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
      expect(store().matchedStatus).toBe('ready');
    });

    it("a failure keeps the server's message and toasts 'Failed to load matched content.'", async () => {
      get.mockRejectedValueOnce(new ApiError(500, 'Matching is down.'));
      await store().fetchMatchedContent();
      expect(store().matchedStatus).toBe('error');
      expect(store().matchedError).toBe('Matching is down.');
      expect(toastError).toHaveBeenCalledWith('Failed to load matched content.', expect.anything());
    });

    it("a failure without a server message says 'Failed to fetch matched content.'", async () => {
      get.mockRejectedValueOnce(new TypeError('network'));
      await store().fetchMatchedContent();
      expect(store().matchedError).toBe('Failed to fetch matched content.');
    });

    it('ignores an answer that arrives after a newer fetch started', async () => {
      let answerFirst: (items: unknown) => void = () => {};
      get.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve))).mockResolvedValueOnce(contents('new'));
      const first = store().fetchMatchedContent();
      await store().fetchMatchedContent();
      answerFirst(contents('old'));
      await first;
      expect(store().matchedContents.map((item) => item.id)).toEqual(['new']);
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

    it('a Premium user switches filters and refetches with the matching query', async () => {
      signIn(true);
      get.mockResolvedValue(contents('r'));
      expect(store().chooseViewFilter('rankedContent')).toBe(true);
      expect(store().viewFilter).toBe('rankedContent');
      expect(get).toHaveBeenLastCalledWith('/content/match', { query: { ranked_content: true } });
      store().chooseViewFilter('topPerformers');
      expect(get).toHaveBeenLastCalledWith('/content/match', { query: { top_performers: true } });
      store().chooseViewFilter('standard');
      expect(get).toHaveBeenLastCalledWith('/content/match', { query: {} });
      expect(store().workspaceUpsellOpen).toBe(false);
    });

    it('anyone may go back to standard', () => {
      get.mockResolvedValue([]);
      useAppStore.setState({ viewFilter: 'topPerformers' });
      expect(store().chooseViewFilter('standard')).toBe(true);
      expect(store().viewFilter).toBe('standard');
    });
  });

  describe('shuffle counter', () => {
    it('a free user starts from the fetched remaining count', async () => {
      get.mockResolvedValueOnce({ remaining_shuffles: 2 });
      await store().fetchRemainingShuffles();
      expect(get).toHaveBeenCalledWith('/content/shuffles/remaining');
      expect(store().remainingShuffles).toBe(2);
    });

    it('a count of -1 is treated as Unlimited', async () => {
      get.mockResolvedValueOnce({ remaining_shuffles: -1 });
      await store().fetchRemainingShuffles();
      expect(store().remainingShuffles).toBe('Unlimited');
    });

    it('is not fetched for Premium users, who are unlimited', async () => {
      signIn(true);
      await store().fetchRemainingShuffles();
      expect(get).not.toHaveBeenCalled();
      expect(store().remainingShuffles).toBe('Unlimited');
    });

    it("a failed fetch toasts 'Failed to fetch remaining shuffles.'", async () => {
      get.mockRejectedValueOnce(new ApiError(500, undefined));
      await store().fetchRemainingShuffles();
      expect(toastError).toHaveBeenCalledWith('Failed to fetch remaining shuffles.', expect.anything());
      expect(store().remainingShuffles).toBeNull();
    });

    it("a successful shuffle shows the first 4, takes one from the count and toasts 'Matches shuffled successfully.'", async () => {
      useAppStore.setState({ remainingShuffles: 2 });
      post.mockResolvedValueOnce(contents('a', 'b', 'c', 'd', 'e', 'f'));
      await store().shuffleMatches();
      expect(post).toHaveBeenCalledWith('/content/shuffle');
      expect(store().matchedContents.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
      expect(store().remainingShuffles).toBe(1);
      expect(toastSuccess).toHaveBeenCalledWith('Matches shuffled successfully.');
    });

    it("a failed shuffle toasts 'Failed to shuffle matches.' and keeps the count", async () => {
      useAppStore.setState({ remainingShuffles: 2 });
      post.mockRejectedValueOnce(new ApiError(403, 'No shuffles left.'));
      await store().shuffleMatches();
      expect(toastError).toHaveBeenCalledWith('Failed to shuffle matches.', expect.anything());
      expect(store().remainingShuffles).toBe(2);
      expect(store().shuffling).toBe(false);
    });

    it('at 0 or less a free user is not sent to the server: the upgrade modal opens', async () => {
      for (const remaining of [0, -2, 'Unlimited' as const]) {
        useAppStore.setState({ remainingShuffles: remaining, workspaceUpsellOpen: false });
        await store().shuffleMatches();
        expect(store().workspaceUpsellOpen).toBe(true);
      }
      expect(post).not.toHaveBeenCalled();
    });

    it('a Premium user shuffles without a count', async () => {
      signIn(true);
      useAppStore.setState({ remainingShuffles: 'Unlimited' });
      post.mockResolvedValueOnce(contents('a'));
      await store().shuffleMatches();
      expect(post).toHaveBeenCalledTimes(1);
      expect(store().remainingShuffles).toBe('Unlimited');
      expect(store().workspaceUpsellOpen).toBe(false);
    });
  });

  describe('own contents', () => {
    it('fetches GET /content/', async () => {
      getPage.mockResolvedValueOnce(page(contents('x', 'y')));
      const pending = store().fetchOwnContents();
      expect(store().ownContentsStatus).toBe('loading');
      await pending;
      expect(getPage).toHaveBeenCalledWith('/content/', { offset: 0, limit: 100 });
      expect(store().ownContentsTotal).toBe(2);
      expect(store().ownContents.map((item) => item.id)).toEqual(['x', 'y']);
      expect(store().ownContentsStatus).toBe('ready');
    });

    it('an answer that is not a content list is invalid', async () => {
      getPage.mockResolvedValueOnce({ items: { nope: true } as never, total: 1 });
      await store().fetchOwnContents();
      expect(store().ownContentsStatus).toBe('invalid');
    });

    it("a failure says 'Failed to fetch your contents.'", async () => {
      getPage.mockRejectedValueOnce(new ApiError(500, 'boom'));
      await store().fetchOwnContents();
      expect(store().ownContentsStatus).toBe('error');
      expect(store().ownContentsError).toBe('Failed to fetch your contents.');
    });

    it('a refresh keeps the loaded list on screen until the answer replaces it', async () => {
      getPage.mockResolvedValueOnce(page(contents('x', 'y')));
      await store().fetchOwnContents();
      getPage.mockResolvedValueOnce(page(contents('y')));
      const pending = store().fetchOwnContents({ refresh: true });
      expect(store().ownContentsStatus).toBe('ready');
      expect(store().ownContents.map((item) => item.id)).toEqual(['x', 'y']);
      await pending;
      expect(store().ownContents.map((item) => item.id)).toEqual(['y']);
    });

    it("a failed refresh keeps the list and toasts 'Failed to fetch your contents.'", async () => {
      getPage.mockResolvedValueOnce(page(contents('x')));
      await store().fetchOwnContents();
      getPage.mockRejectedValueOnce(new ApiError(500, 'boom'));
      await store().fetchOwnContents({ refresh: true });
      expect(store().ownContentsStatus).toBe('ready');
      expect(store().ownContents.map((item) => item.id)).toEqual(['x']);
      expect(toastError).toHaveBeenCalledWith('Failed to fetch your contents.', expect.anything());
    });

    it('a refresh before anything was loaded shows the loading state like a first fetch', async () => {
      getPage.mockRejectedValueOnce(new ApiError(500, 'boom'));
      const pending = store().fetchOwnContents({ refresh: true });
      expect(store().ownContentsStatus).toBe('loading');
      await pending;
      expect(store().ownContentsStatus).toBe('error');
    });

    it('an edited item is replaced in the list and in the queue', async () => {
      getPage.mockResolvedValueOnce(page(contents('x', 'y')));
      await store().fetchOwnContents();
      store().toggleContent(makeContent('y'));
      store().replaceOwnContent(makeContent('y', { title: 'Renamed' }));
      expect(store().ownContents.map((item) => item.title)).toEqual(['Title x', 'Renamed']);
      expect(store().selectedContents.map((item) => item.title)).toEqual(['Renamed']);
    });

    it('a deleted item leaves the list and every selection', async () => {
      getPage.mockResolvedValueOnce(page(contents('x', 'y')));
      await store().fetchOwnContents();
      store().toggleContent(makeContent('x'));
      store().toggleContent(makeContent('y'));
      store().toggleMatch(makeContent('x'));
      store().forgetContent('x');
      expect(store().ownContents.map((item) => item.id)).toEqual(['y']);
      expect(store().ownContentsTotal).toBe(1);
      expect(store().selectedContents.map((item) => item.id)).toEqual(['y']);
      expect(store().selectedMatches).toEqual([]);
    });
  
    it('loads the next page after the listed ones, until all are listed', async () => {
      getPage.mockResolvedValueOnce(page(contents('a', 'b'), 4));
      await store().fetchOwnContents();
      getPage.mockResolvedValueOnce(page(contents('b', 'c', 'd'), 4));
      const pending = store().loadMoreOwnContents();
      expect(store().ownContentsLoadingMore).toBe(true);
      await pending;
      expect(getPage).toHaveBeenLastCalledWith('/content/', { offset: 2, limit: 100 });
      expect(store().ownContents.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
      expect(store().ownContentsLoadingMore).toBe(false);

      await store().loadMoreOwnContents();
      expect(getPage).toHaveBeenCalledTimes(2);
    });

    it("a failed next page keeps the list and toasts 'Failed to fetch your contents.'", async () => {
      getPage.mockResolvedValueOnce(page(contents('a'), 3));
      await store().fetchOwnContents();
      getPage.mockRejectedValueOnce(new ApiError(500, 'boom'));
      await store().loadMoreOwnContents();
      expect(store().ownContents.map((item) => item.id)).toEqual(['a']);
      expect(store().ownContentsStatus).toBe('ready');
      expect(toastError).toHaveBeenCalledWith('Failed to fetch your contents.', expect.anything());
    });

    it('a refresh asks for as many as are listed, keeping the pages loaded', async () => {
      const many = (prefix: string, count: number) => contents(...Array.from({ length: count }, (_, i) => `${prefix}${i}`));
      getPage.mockResolvedValueOnce(page(many('a', 100), 250));
      await store().fetchOwnContents();
      getPage.mockResolvedValueOnce(page(many('b', 100), 250));
      await store().loadMoreOwnContents();
      getPage.mockResolvedValueOnce(page(many('c', 200), 250));
      await store().fetchOwnContents({ refresh: true });
      expect(getPage).toHaveBeenLastCalledWith('/content/', { offset: 0, limit: 200 });
      expect(store().ownContents).toHaveLength(200);
    });
  });

  it('reset puts everything back', async () => {
    get.mockResolvedValueOnce(contents('a'));
    await store().fetchMatchedContent();
    store().toggleMatch(makeContent('a'));
    useAppStore.setState({ remainingShuffles: 1, workspaceUpsellOpen: true });
    store().resetWorkspace();
    expect(store().matchedContents).toEqual([]);
    expect(store().matchedStatus).toBe('idle');
    expect(store().selectedMatches).toEqual([]);
    expect(store().remainingShuffles).toBeNull();
    expect(store().workspaceUpsellOpen).toBe(false);
  });

  it('a logout empties the workspace', () => {
    store().toggleMatch(makeContent('a'));
    useAppStore.setState({ remainingShuffles: 1 });
    store().logout();
    expect(store().selectedMatches).toEqual([]);
    expect(store().remainingShuffles).toBeNull();
    expect(store().stepsDone.match).toBe(false);
  });
});

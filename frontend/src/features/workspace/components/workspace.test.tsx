import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import { requestReveal } from '@/lib/reveal';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import { pagesOf } from '@/testing/page';
import { recordShare } from '../api/kept-workspace';
import { Workspace } from './workspace';

let get: Mock<(path: string, request?: unknown) => Promise<unknown>>;
let post: Mock<(path: string) => Promise<unknown>>;
let put: Mock<(path: string, json?: unknown) => Promise<unknown>>;

const signIn = (premium = false) =>
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium }));

type Selection = { match_ids: string[]; content_ids: string[] };
const MATCHES = [makeContent('m1', { required_shares: 1 }), makeContent('m2', { required_shares: 1 })];

/** The server's workspace: the kept selection, `delivered` shares per match. */
function serverWorkspace(selection: Selection, delivered: Record<string, number> = {}, premium = false) {
  const all = [...MATCHES, makeContent('m3', { required_shares: 5 })];
  return {
    match_ids: selection.match_ids,
    content_ids: selection.content_ids,
    matches: selection.match_ids.map((id) => {
      const content = all.find((item) => item.id === id) ?? makeContent(id);
      const shares = delivered[id] ?? 0;
      return { content_id: id, title: content.title, delivered: shares, required: content.required_shares, completed: shares >= content.required_shares, content };
    }),
    contents: selection.content_ids.map((id) => makeContent(id)),
    progress_percent: 0,
    shares_left_today: premium ? null : 3,
    daily_share_limit: premium ? null : 3,
  };
}

function answer({ remaining = 2 as number | 'Unlimited', kept = { match_ids: [], content_ids: [] } as Selection, delivered = {} as Record<string, number> } = {}) {
  let selection = kept;
  get.mockImplementation(async (path) => {
    if (path === '/content/match') return MATCHES;
    if (path === '/content/') return [makeContent('c1')];
    if (path === '/content/shuffles/remaining') return { remaining_shuffles: remaining };
    if (path === '/workspace') return serverWorkspace(selection, delivered);
    throw new Error(`unexpected ${path}`);
  });
  put.mockImplementation(async (_path, json) => {
    selection = json as Selection;
    return serverWorkspace(selection, delivered);
  });
  post.mockImplementation(async (path) => {
    if (path !== '/workspace/reset') throw new Error(`unexpected ${path}`);
    selection = { match_ids: [], content_ids: [] };
    return serverWorkspace(selection);
  });
  // The server's delivered shares, changed by the test as shares are made.
  return delivered;
}

const renderWorkspace = () => {
  const handlers = { onOpenCreator: vi.fn(), onFlag: vi.fn(), onShare: vi.fn() };
  render(<Workspace {...handlers} />);
  return handlers;
};
const step = (n: number) => screen.getByRole('region', { name: new RegExp(`^Step ${n}:`) });

describe('Workspace', () => {
  beforeEach(() => {
    get = vi.fn();
    post = vi.fn();
    put = vi.fn();
    vi.spyOn(api, 'get').mockImplementation(get as never);
    vi.spyOn(api, 'put').mockImplementation(put as never);
    vi.spyOn(api, 'getPage').mockImplementation(pagesOf(get as never) as never);
    vi.spyOn(api, 'post').mockImplementation(post as never);
  });

  it('loads matches, own contents and the remaining shuffles of a free user', async () => {
    signIn();
    answer({ remaining: 2 });
    renderWorkspace();
    expect(within(step(1)).getByText('Loading matched content...')).toBeInTheDocument();
    expect(await within(step(1)).findByRole('button', { name: 'Select Title m1' })).toBeInTheDocument();
    expect(await within(step(2)).findByRole('button', { name: 'Select Title c1' })).toBeInTheDocument();
    expect(await screen.findByText('Left: 2')).toBeInTheDocument();
  });

  it('lists the first page of own contents in step 2 and loads the rest with "Load more"', async () => {
    const user = userEvent.setup();
    signIn();
    answer();
    const own = Array.from({ length: 130 }, (_, i) => makeContent(`c${i}`));
    const matches = get.getMockImplementation();
    get.mockImplementation(async (path) => (path === '/content/' ? own : matches?.(path)));
    renderWorkspace();
    const cards = () => step(2).querySelectorAll('li.content-card');
    await waitFor(() => expect(cards()).toHaveLength(100));
    expect(within(step(2)).getByText('100 of 130 shown')).toBeInTheDocument();

    await user.click(within(step(2).querySelector<HTMLElement>('.load-more')!).getByRole('button', { name: 'Load more contents' }));

    await waitFor(() => expect(cards()).toHaveLength(130));
    expect(step(2).querySelector('.load-more')).toBeNull();
    expect(vi.mocked(api.getPage).mock.calls.filter(([path]) => path === '/content/').map(([, asked]) => asked)).toEqual([
      { offset: 0, limit: 100 },
      { offset: 100, limit: 100 },
    ]);
  });

  it('a Premium user sees Unlimited without asking for the count', async () => {
    signIn(true);
    answer();
    renderWorkspace();
    expect(await screen.findByText('Unlimited')).toBeInTheDocument();
    await within(step(1)).findByRole('button', { name: 'Select Title m1' });
    expect(get.mock.calls.map(([path]) => path)).not.toContain('/content/shuffles/remaining');
  });

  it('selecting a match and a content item completes steps 1 and 2 and fills the queue; sharing fills the progress', async () => {
    const user = userEvent.setup();
    signIn();
    const delivered = answer();
    const { onShare } = renderWorkspace();

    await user.click(await within(step(1)).findByRole('button', { name: 'Select Title m1' }));
    expect(within(step(1)).getByRole('button', { name: 'Select Title m1' })).toHaveAttribute('aria-pressed', 'true');
    expect(step(1)).toHaveAttribute('data-status', 'complete');
    expect(step(2)).toHaveAttribute('data-status', 'current');
    await user.click(await within(step(2)).findByRole('button', { name: 'Select Title c1' }));
    expect(within(step(2)).getByRole('button', { name: 'Select Title c1' })).toHaveAttribute('aria-pressed', 'true');
    expect(step(2)).toHaveAttribute('data-status', 'complete');
    expect(step(3)).toHaveAttribute('data-status', 'current');
    expect(within(step(3)).getByRole('list', { name: 'Your Queue' })).toHaveTextContent('Title c1');

    await user.click(within(step(3)).getByRole('button', { name: 'Share Title m1' }));
    expect(onShare).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1' }));

    await user.click(within(step(1)).getByRole('button', { name: 'Select Title m2' }));
    await waitFor(() => expect(put).toHaveBeenLastCalledWith('/workspace', { match_ids: ['m1', 'm2'], content_ids: ['c1'] }));
    delivered.m1 = 1;
    act(() => recordShare('m1', { share_count: 1, match: { delivered: 1, required: 1 } }));
    await waitFor(() => expect(within(step(3)).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    expect(within(step(3)).getByRole('list', { name: 'Matched Contents' })).toHaveTextContent('1 / 1 shares');
    delivered.m2 = 1;
    act(() => recordShare('m2', { share_count: 1, match: { delivered: 1, required: 1 } }));
    expect(await within(step(3)).findByRole('status')).toHaveTextContent('All content shared! Progress has been reset.');
    expect(post).toHaveBeenCalledWith('/workspace/reset');
    expect(within(step(3)).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(step(1)).toHaveAttribute('data-status', 'current');
    expect(within(step(1)).getByRole('button', { name: 'Select Title m1' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('after a reload the kept selection, each match’s "N / M shares" and the shares left today come from the server', async () => {
    signIn();
    answer({ kept: { match_ids: ['m3'], content_ids: ['c1'] }, delivered: { m3: 2 } });
    renderWorkspace();
    const matches = await within(step(3)).findByRole('list', { name: 'Matched Contents' });
    expect(matches).toHaveTextContent('Title m3');
    expect(matches).toHaveTextContent('2 / 5 shares');
    expect(within(step(3)).getByRole('list', { name: 'Your Queue' })).toHaveTextContent('Title c1');
    expect(within(step(3)).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(step(3)).getByText('Shares left today: 3 of 3')).toBeInTheDocument();
    expect(step(1)).toHaveAttribute('data-status', 'complete');
    expect(step(2)).toHaveAttribute('data-status', 'complete');
    expect(await within(step(2)).findByRole('button', { name: 'Select Title c1' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a Premium user sees no shares-left count', async () => {
    signIn(true);
    answer({ kept: { match_ids: ['m3'], content_ids: [] } });
    renderWorkspace();
    await within(step(3)).findByText('0 / 5 shares');
    expect(within(step(3)).queryByText(/Shares left today/)).not.toBeInTheDocument();
  });

  it('shows the loading state of the kept workspace until the server answers', async () => {
    signIn();
    answer();
    let release: () => void = () => {};
    const answered = get.getMockImplementation();
    get.mockImplementation((path) => (path === '/workspace' ? new Promise((resolve) => (release = () => resolve(answered?.(path)))) : answered!(path)));
    renderWorkspace();
    expect(within(step(3)).getByText('Loading your workspace...')).toBeInTheDocument();
    release();
    expect(await within(step(3)).findByText('No matched contents available.')).toBeInTheDocument();
  });

  it('a free user choosing a Premium filter gets the upsell and the filter stays', async () => {
    const user = userEvent.setup();
    signIn();
    answer();
    renderWorkspace();
    await within(step(1)).findByRole('button', { name: 'Select Title m1' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'View' }), 'topPerformers');

    expect(useAppStore.getState().workspaceUpsellOpen).toBe(true);
    expect(screen.getByRole('combobox', { name: 'View' })).toHaveValue('standard');
    expect(get.mock.calls.filter(([path]) => path === '/content/match')).toHaveLength(1);
  });

  it('a free user with no shuffles left gets the upgrade modal instead of a shuffle', async () => {
    const user = userEvent.setup();
    signIn();
    answer({ remaining: 0 });
    renderWorkspace();
    const button = await screen.findByRole('button', { name: /Left: 0/ });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(useAppStore.getState().workspaceUpsellOpen).toBe(true);
    expect(post).not.toHaveBeenCalled();
  });

  it('a shuffle replaces the matches and counts down', async () => {
    const user = userEvent.setup();
    signIn();
    answer({ remaining: 2 });
    post.mockResolvedValueOnce([makeContent('s1')]);
    renderWorkspace();
    await user.click(await screen.findByRole('button', { name: /Left: 2/ }));
    expect(await within(step(1)).findByRole('button', { name: 'Select Title s1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Left: 1/ })).toBeInTheDocument();
  });

  it('puts the tour targets on the step 1 list, Shuffle, the step 2 list, Manage, the info icon and View queue', async () => {
    signIn();
    answer();
    render(<Workspace onOpenCreator={vi.fn()} onFlag={vi.fn()} onShare={vi.fn()} onManage={vi.fn()} onViewQueue={vi.fn()} onAdvancedSearch={vi.fn()} />);
    await within(step(1)).findByRole('button', { name: 'Select Title m1' });
    const target = (name: string) => document.querySelector(`[data-tour="${name}"]`);

    expect(within(step(1)).getByRole('list', { name: 'Matched content' }).parentElement).toBe(target('select-content'));
    expect(within(step(1)).getByRole('button', { name: /Shuffle/ })).toBe(target('shuffle-button'));
    expect(await within(step(2)).findByRole('list', { name: 'Your content' })).toBe(target('content-queue')?.firstElementChild);
    expect(within(step(2)).getByRole('button', { name: 'Manage' })).toBe(target('manage-button'));
    expect(within(step(3)).getByRole('button', { name: 'About Share and Manage' })).toBe(target('share-manage-info'));
    expect(within(step(3)).getByRole('button', { name: 'View queue' })).toBe(target('view-queue'));
  });

  it('Advanced Search, Manage and View queue call their handlers', async () => {
    const user = userEvent.setup();
    signIn();
    answer();
    const handlers = { onManage: vi.fn(), onViewQueue: vi.fn(), onAdvancedSearch: vi.fn() };
    render(<Workspace onOpenCreator={vi.fn()} onFlag={vi.fn()} onShare={vi.fn()} {...handlers} />);
    await user.click(within(step(1)).getByRole('button', { name: 'Advanced Search' }));
    await user.click(within(step(2)).getByRole('button', { name: 'Manage' }));
    await user.click(within(step(3)).getByRole('button', { name: 'View queue' }));
    expect(handlers.onAdvancedSearch).toHaveBeenCalledTimes(1);
    expect(handlers.onManage).toHaveBeenCalledTimes(1);
    expect(handlers.onViewQueue).toHaveBeenCalledTimes(1);
  });

  it('search results replace the matches with a note and Clear search; an empty list leaves the matches', async () => {
    const user = userEvent.setup();
    signIn();
    answer();
    const onClearSearch = vi.fn();
    const props = { onOpenCreator: vi.fn(), onFlag: vi.fn(), onShare: vi.fn(), onClearSearch };
    const { rerender } = render(<Workspace {...props} searchResults={[makeContent('s1')]} />);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/content/match', expect.anything()));

    const results = within(step(1)).getByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('button', { name: /^Select / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Select Title s1']);
    expect(within(step(1)).getByRole('status')).toHaveTextContent('Showing 1 search result instead of your matches.');
    await user.click(within(step(1)).getByRole('button', { name: 'Clear search' }));
    expect(onClearSearch).toHaveBeenCalledTimes(1);

    rerender(<Workspace {...props} searchResults={[]} />);
    expect(await within(step(1)).findByRole('button', { name: 'Select Title m1' })).toBeInTheDocument();
    expect(within(step(1)).queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('shows the step to act on when the guided tour ends, not the step 3 it explained last (issue 24)', async () => {
    signIn();
    answer();
    act(() => useAppStore.setState({ hasCompletedTour: false }));
    render(<Workspace onOpenCreator={vi.fn()} onFlag={vi.fn()} onShare={vi.fn()} onViewQueue={vi.fn()} />);
    await within(step(1)).findByRole('button', { name: 'Select Title m1' });
    // The tour's last workspace step points at View queue, in step 3.
    act(() => {
      requestReveal(within(step(3)).getByRole('button', { name: 'View queue' }));
    });
    expect(step(3)).toHaveClass('is-active');

    act(() => useAppStore.setState({ hasCompletedTour: true }));

    expect(step(1)).toHaveClass('is-active');
    expect(step(3)).not.toHaveClass('is-active');
  });
});

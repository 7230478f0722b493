import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import { pagesOf } from '@/testing/page';
import { createShortLink } from '../api/create-short-link';
import { deleteContent } from '../api/delete-content';
import { enhanceContent } from '../api/enhance-content';
import { pauseContent, resumeContent } from '../api/pause-content';
import { updateContent } from '../api/update-content';
import { ManageContentModal } from './manage-content-modal';

vi.mock('../api/create-short-link', () => ({ createShortLink: vi.fn() }));
vi.mock('../api/delete-content', () => ({ deleteContent: vi.fn() }));
vi.mock('../api/enhance-content', () => ({ enhanceContent: vi.fn() }));
vi.mock('../api/update-content', () => ({ updateContent: vi.fn() }));
vi.mock('../api/pause-content', () => ({ pauseContent: vi.fn(), resumeContent: vi.fn() }));
const pauseMock = vi.mocked(pauseContent);
const resumeMock = vi.mocked(resumeContent);
const createLinkMock = vi.mocked(createShortLink);
const deleteMock = vi.mocked(deleteContent);
const enhanceMock = vi.mocked(enhanceContent);
const updateMock = vi.mocked(updateContent);

// The store is built before vi.mock could apply: its calls (own contents, analytics) go through the spied client.
let get: Mock<(path: string) => Promise<unknown>>;
const contentReads = () => get.mock.calls.filter(([path]) => path === '/content/').length;
let post: Mock<(path: string, json?: unknown) => Promise<unknown>>;
let own: ReturnType<typeof makeContent>[];

const signIn = (premium = false) =>
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium }));

function renderManage() {
  const props = { onClose: vi.fn(), onUpgrade: vi.fn(), onContentChanged: vi.fn() };
  render(<ManageContentModal open {...props} />);
  return props;
}

const dialog = () => screen.getByRole('dialog', { name: 'Manage Content' });
const list = () => within(dialog()).getByRole('list', { name: 'Your content' });
const analyticsCalls = () => post.mock.calls.filter(([path]) => path === '/analytics/');

describe('ManageContentModal', () => {
  beforeEach(() => {
    for (const mock of [createLinkMock, deleteMock, enhanceMock, updateMock, pauseMock, resumeMock]) mock.mockReset();
    own = [
      makeContent('c1', { share_count: 1, status: 'pending', content_type: 'video' }),
      makeContent('c2', { share_count: 3, links: [{ short_code: 'ab12cd' }] }),
    ];
    get = vi.fn(async (path: string) => {
      if (path === '/content/') return own;
      throw new Error(`unexpected ${path}`);
    });
    post = vi.fn();
    vi.spyOn(api, 'get').mockImplementation(get as never);
    // GET /content/ is paged: each page is cut from what `get` answers.
    vi.spyOn(api, 'getPage').mockImplementation(pagesOf(get as never) as never);
    vi.spyOn(api, 'post').mockImplementation(post as never);
  });

  describe('Content Management tab', () => {
    it('offers Track conversions to a Free creator as a Premium feature that leads to the upgrade', async () => {
      signIn(false);
      const { onUpgrade } = renderManage();
      const item = (await within(dialog()).findByText('Title c1')).closest('li')!;
      await userEvent.click(within(item).getByRole('button', { name: 'Track conversions Premium of Title c1' }));
      expect(onUpgrade).toHaveBeenCalledTimes(1);
      expect(within(dialog()).queryByRole('region', { name: /Track conversions:/ })).not.toBeInTheDocument();
    });

    it('lists the own contents with type, status, share count, Edit and Delete, in a 200 px list', async () => {
      signIn();
      renderManage();
      expect(within(dialog()).getByText('Loading your contents...')).toBeInTheDocument();
      const item = await within(dialog()).findByText('Title c1');
      const row = item.closest('li')!;
      expect(row).toHaveTextContent('Video · Pending · 1 share');
      expect(within(list()).getByText('Title c2').closest('li')).toHaveTextContent('3 shares');
      expect(within(row).getByRole('button', { name: 'Edit Title c1' })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Delete Title c1' })).toBeInTheDocument();
      expect(list()).toHaveClass('manage-list');
      expect(get).toHaveBeenCalledWith('/content/');
      expect(within(dialog()).queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    });

    it('explains a pending item, shows the moderation label and reason, and pauses and resumes', async () => {
      own = [
        makeContent('c1', { status: 'pending', content_type: 'video', required_shares: 5 }),
        makeContent('c2', { status: 'under_review', owner_status: 'active', moderation_status: 'under_review', moderation_reason: 'Spam link', under_review: true }),
      ];
      signIn();
      renderManage();
      const first = (await within(dialog()).findByText('Title c1')).closest('li')!;
      expect(first).toHaveTextContent('Pending \u2014 released when you complete a match (share a matched item with 5 people)');
      const second = within(list()).getByText('Title c2').closest('li')!;
      expect(second).toHaveTextContent('Article · Active · 2 shares · Under review');
      expect(within(second).getByRole('note')).toHaveTextContent('An admin is reviewing this content: Spam link');

      pauseMock.mockResolvedValue({ ...own[0]!, status: 'inactive', owner_status: 'inactive' });
      await userEvent.click(within(first).getByRole('button', { name: 'Pause Title c1' }));
      expect(pauseMock).toHaveBeenCalledWith('c1');
      const resume = await within(first).findByRole('button', { name: 'Resume Title c1' });
      expect(first).toHaveTextContent('Video · Inactive · 2 shares');
      resumeMock.mockResolvedValue({ ...own[0]! });
      await userEvent.click(resume);
      expect(resumeMock).toHaveBeenCalledWith('c1');
      expect(await within(first).findByRole('button', { name: 'Pause Title c1' })).toBeInTheDocument();
    });

    it('offers "Load more" while own contents are left, and lists them after the loaded ones', async () => {
      signIn();
      own = Array.from({ length: 120 }, (_, i) => makeContent(`n${i}`));
      renderManage();
      await within(dialog()).findByText('Title n0');
      const items = () => dialog().querySelectorAll('li.manage-item');
      expect(items()).toHaveLength(100);
      expect(within(dialog()).getByText('100 of 120 shown')).toBeInTheDocument();

      await userEvent.click(within(dialog().querySelector<HTMLElement>('.load-more')!).getByRole('button', { name: 'Load more contents' }));

      await waitFor(() => expect(items()).toHaveLength(120));
      expect(items()[119]).toHaveTextContent('Title n119');
      expect(dialog().querySelector('.load-more')).toBeNull();
    });

    it("shows 'No contents available, Try adding some.' for no contents and the fetch error with Retry", async () => {
      signIn();
      own = [];
      get.mockRejectedValueOnce(new ApiError(500, undefined));
      renderManage();
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Failed to fetch your contents.');
      await userEvent.click(within(dialog()).getByRole('button', { name: 'Retry' }));
      expect(await within(dialog()).findByText('No contents available, Try adding some.')).toBeInTheDocument();
    });

    it('tells a Free user that short links and Enhance are Premium, and Upgrade asks for the upsell', async () => {
      signIn(false);
      const { onUpgrade } = renderManage();
      await within(dialog()).findByText('Title c1');
      expect(dialog()).toHaveTextContent('Short links and the Enhance link action are Premium features.');
      expect(within(dialog()).queryByText('/links/ab12cd')).not.toBeInTheDocument();
      expect(within(dialog()).queryByRole('button', { name: /Enhance link/ })).not.toBeInTheDocument();
      expect(within(dialog()).queryByRole('button', { name: /Create short link/ })).not.toBeInTheDocument();

      await userEvent.click(within(dialog()).getByRole('button', { name: 'Upgrade to Premium' }));
      expect(onUpgrade).toHaveBeenCalledTimes(1);
    });

    it('shows a Premium user each short link as /links/{short_code} and copies its address', async () => {
      signIn(true);
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      renderManage();
      const row = (await within(dialog()).findByText('Title c2')).closest('li')!;
      expect(within(row).getByText('/links/ab12cd')).toBeInTheDocument();
      expect(dialog()).not.toHaveTextContent('Premium features');

      await user.click(within(row).getByRole('button', { name: 'Copy link of Title c2' }));
      await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/links/ab12cd`));
      expect(success).toHaveBeenCalledWith('Short link copied!', expect.anything());
    });

    it('creates a short link with POST /links/ { content_id } and shows it at once', async () => {
      signIn(true);
      createLinkMock.mockResolvedValue({ short_code: 'zz99yy', url: 'https://x.example/links/zz99yy', content_id: 'c1' });
      renderManage();
      const row = (await within(dialog()).findByText('Title c1')).closest('li')!;
      await userEvent.click(within(row).getByRole('button', { name: 'Create short link for Title c1' }));
      expect(await within(row).findByText('/links/zz99yy')).toBeInTheDocument();
      expect(createLinkMock).toHaveBeenCalledWith('c1');
    });

    it("a failed short link toasts the server's message or 'Failed to create short link.'", async () => {
      signIn(true);
      const error = vi.spyOn(toast, 'error');
      createLinkMock.mockRejectedValueOnce(new ApiError(409, 'This content already has 10 short links.'));
      renderManage();
      const row = (await within(dialog()).findByText('Title c1')).closest('li')!;
      await userEvent.click(within(row).getByRole('button', { name: 'Create short link for Title c1' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith('This content already has 10 short links.', expect.anything()));

      createLinkMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await userEvent.click(within(row).getByRole('button', { name: 'Create short link for Title c1' }));
      await waitFor(() => expect(error).toHaveBeenLastCalledWith('Failed to create short link.', expect.anything()));
      expect(within(row).queryByText(/\/links\//)).not.toBeInTheDocument();
    });

    it("enhances a link with POST /content/{id}/enhance/, toasts 'Link enhanced successfully!' and shows the new state", async () => {
      signIn(true);
      const success = vi.spyOn(toast, 'success');
      const enhanced = { ...own[0]!, enhanced_url: 'https://example.com/c1?utm_source=crossfeed', links: [{ short_code: 'en4nce' }] };
      let finish!: (value: typeof enhanced) => void;
      enhanceMock.mockReturnValue(new Promise((done) => (finish = done)));
      renderManage();
      const row = (await within(dialog()).findByText('Title c1')).closest('li')!;
      own = [enhanced, own[1]!];
      await userEvent.click(within(row).getByRole('button', { name: 'Enhance link of Title c1' }));
      expect(within(row).getByRole('button', { name: 'Enhance link of Title c1' })).toHaveTextContent('Enhancing...');
      finish(enhanced);
      expect(await within(row).findByText('/links/en4nce')).toBeInTheDocument();
      expect(within(row).getByText('Enhanced URL')).toBeInTheDocument();
      expect(within(row).getByText('https://example.com/c1?utm_source=crossfeed')).toBeInTheDocument();
      expect(enhanceMock).toHaveBeenCalledWith('c1');
      expect(success).toHaveBeenCalledWith('Link enhanced successfully!', expect.anything());
      await userEvent.click(within(row).getByRole('button', { name: 'Copy enhanced URL of Title c1' }));
      await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('https://example.com/c1?utm_source=crossfeed'));
      expect(success).toHaveBeenCalledWith('Enhanced URL copied!', expect.anything());
    });

    it("a failed enhance toasts 'Failed to enhance the link.'", async () => {
      signIn(true);
      const error = vi.spyOn(toast, 'error');
      enhanceMock.mockRejectedValue(new ApiError(403, 'Enhance link is a Premium feature.'));
      renderManage();
      const row = (await within(dialog()).findByText('Title c1')).closest('li')!;
      await userEvent.click(within(row).getByRole('button', { name: 'Enhance link of Title c1' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to enhance the link.', expect.anything()));
      expect(within(row).getByRole('button', { name: 'Enhance link of Title c1' })).toBeEnabled();
    });

    it('Edit opens Edit Content; a save replaces the item, refreshes the own contents and has the route refresh the queue', async () => {
      signIn();
      const user = userEvent.setup();
      const { onContentChanged } = renderManage();
      await user.click(await within(dialog()).findByRole('button', { name: 'Edit Title c1' }));
      const edit = screen.getByRole('dialog', { name: 'Edit Content' });
      expect(within(edit).getByLabelText('Title')).toHaveValue('Title c1');

      const updated = { ...own[0]!, title: 'Renamed', description: 'Better' };
      updateMock.mockResolvedValue(updated);
      own = [updated, own[1]!];
      const fetchesBefore = contentReads();
      await user.clear(within(edit).getByLabelText('Title'));
      await user.type(within(edit).getByLabelText('Title'), 'Renamed');
      await user.clear(within(edit).getByLabelText('Description'));
      await user.type(within(edit).getByLabelText('Description'), 'Better');
      await user.click(within(edit).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Content' })).not.toBeInTheDocument());
      expect(updateMock).toHaveBeenCalledWith('c1', { title: 'Renamed', description: 'Better' });
      expect(within(list()).getByText('Renamed')).toBeInTheDocument();
      expect(onContentChanged).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(contentReads()).toBe(fetchesBefore + 1));
    });

    it("Delete asks for confirmation; confirming deletes, toasts, drops the item from the list, has the route refresh the queue, and refreshes", async () => {
      signIn();
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      const { onContentChanged } = renderManage();
      await user.click(await within(dialog()).findByRole('button', { name: 'Delete Title c1' }));
      const confirm = screen.getByRole('dialog', { name: 'Confirm Deletion' });
      expect(confirm).toHaveTextContent('Are you sure you want to delete "Title c1"?');

      let finish!: (value: { message: string }) => void;
      deleteMock.mockReturnValue(new Promise((done) => (finish = done)));
      own = [own[1]!];
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(within(confirm).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
      finish({ message: 'Content deleted successfully!' });

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Deletion' })).not.toBeInTheDocument());
      expect(deleteMock).toHaveBeenCalledWith('c1');
      expect(success).toHaveBeenCalledWith('Content deleted successfully!', expect.anything());
      expect(within(list()).queryByText('Title c1')).not.toBeInTheDocument();
      expect(onContentChanged).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(contentReads()).toBe(2));
    });

    it("a failed deletion says 'Failed to delete content.' (or the server's text) and keeps the item", async () => {
      signIn();
      const user = userEvent.setup();
      renderManage();
      await user.click(await within(dialog()).findByRole('button', { name: 'Delete Title c1' }));
      deleteMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      const confirm = screen.getByRole('dialog', { name: 'Confirm Deletion' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await within(confirm).findByRole('alert')).toHaveTextContent('Failed to delete content.');

      deleteMock.mockRejectedValueOnce(new ApiError(404, 'Content not found.'));
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(within(confirm).getByRole('alert')).toHaveTextContent('Content not found.'));
      expect(within(list()).getByText('Title c1')).toBeInTheDocument();

      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog', { name: 'Confirm Deletion' })).not.toBeInTheDocument();
      expect(dialog()).toBeInTheDocument();
    });
  });

  describe('Analytics tab', () => {
    const openAnalytics = async () => {
      await within(dialog()).findByText('Title c1');
      await userEvent.click(within(dialog()).getByRole('tab', { name: 'Analytics' }));
    };

    it('has the two tabs, selectable with the arrow keys', async () => {
      signIn();
      post.mockResolvedValue({});
      renderManage();
      const management = within(dialog()).getByRole('tab', { name: 'Content Management' });
      const analytics = within(dialog()).getByRole('tab', { name: 'Analytics' });
      expect(management).toHaveAttribute('aria-selected', 'true');
      expect(analytics).toHaveAttribute('tabindex', '-1');
      expect(within(dialog()).getByRole('tabpanel', { name: 'Content Management' })).toBeInTheDocument();

      management.focus();
      await userEvent.keyboard('{ArrowRight}');
      expect(analytics).toHaveFocus();
      expect(analytics).toHaveAttribute('aria-selected', 'true');
      expect(within(dialog()).getByRole('tabpanel', { name: 'Analytics' })).toBeInTheDocument();
      await userEvent.keyboard('{ArrowRight}');
      expect(management).toHaveFocus();
      expect(management).toHaveAttribute('aria-selected', 'true');
    });

    it('posts the own content ids to /analytics/ and shows Title, Type, Status, Shares, Progress and Clicks', async () => {
      signIn();
      post.mockResolvedValue({
        c1: { shares: 2, short_link_clicks: 7, conversions: 0 },
        c2: { shares: 9, short_link_clicks: 0, conversions: 1 },
      });
      renderManage();
      await openAnalytics();

      const table = await within(dialog()).findByRole('table');
      expect(analyticsCalls()).toEqual([['/analytics/', { content_ids: ['c1', 'c2'] }, expect.anything()]]);
      expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
        'Title',
        'Type',
        'Status',
        'Shares',
        'Progress',
        'Clicks',
      ]);
      const [, first, second] = within(table).getAllByRole('row');
      expect([...first!.children].map((cell) => cell.textContent)).toEqual(['Title c1', 'Video', 'Pending', '2', '40%', '7']);
      expect([...second!.children].map((cell) => cell.textContent)).toEqual(['Title c2', 'Article', 'Active', '9', '100%', '0']);
    });

    it("shows 'Loading analytics…' while loading and 'No analytics data available.' for an empty answer", async () => {
      signIn();
      let resolve!: (value: unknown) => void;
      post.mockReturnValue(new Promise((done) => (resolve = done)));
      renderManage();
      await openAnalytics();
      expect(within(dialog()).getByRole('status')).toHaveTextContent('Loading analytics…');
      resolve({});
      expect(await within(dialog()).findByText('No analytics data available.')).toBeInTheDocument();
      expect(within(dialog()).queryByRole('table')).not.toBeInTheDocument();
    });

    it("shows 'No analytics data available.' without a call when there is no content", async () => {
      signIn();
      own = [];
      renderManage();
      await within(dialog()).findByText('No contents available, Try adding some.');
      await userEvent.click(within(dialog()).getByRole('tab', { name: 'Analytics' }));
      expect(within(dialog()).getByText('No analytics data available.')).toBeInTheDocument();
      expect(analyticsCalls()).toHaveLength(0);
    });

    it("shows the server's message or 'Failed to fetch analytics.', toasts 'Failed to fetch analytics data.', and Retry asks again", async () => {
      signIn();
      const error = vi.spyOn(toast, 'error');
      post.mockRejectedValueOnce(new ApiError(400, 'content_ids: at most 200 ids.'));
      renderManage();
      await openAnalytics();
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent('content_ids: at most 200 ids.');
      expect(error).toHaveBeenCalledWith('Failed to fetch analytics data.', expect.anything());

      post.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await userEvent.click(within(dialog()).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(within(dialog()).getByRole('alert')).toHaveTextContent('Failed to fetch analytics.'));

      post.mockResolvedValueOnce({ c1: { shares: 0, short_link_clicks: 0, conversions: 0 } });
      await userEvent.click(within(dialog()).getByRole('button', { name: 'Retry' }));
      expect(await within(dialog()).findByRole('table')).toHaveTextContent('Title c1');
      expect(analyticsCalls()).toHaveLength(3);
    });

    it('asks in calls of at most 200 ids and merges the answers', async () => {
      signIn();
      own = Array.from({ length: 201 }, (_, index) => makeContent(`k${index}`));
      post.mockImplementation(async (_path, json) => {
        const ids = (json as { content_ids: string[] }).content_ids;
        return Object.fromEntries(ids.map((id) => [id, { shares: 1, short_link_clicks: 0, conversions: 0 }]));
      });
      renderManage();
      await within(dialog()).findByText('Title k0');
      // Analytics covers the own contents listed: two more pages bring all 201.
      const loadMore = () => within(dialog().querySelector<HTMLElement>('.load-more')!).getByRole('button', { name: 'Load more contents' });
      await userEvent.click(loadMore());
      await within(dialog()).findByText('Title k199');
      await userEvent.click(loadMore());
      await within(dialog()).findByText('Title k200');
      await userEvent.click(within(dialog()).getByRole('tab', { name: 'Analytics' }));
      const table = await within(dialog()).findByRole('table');
      expect(analyticsCalls().map(([, json]) => (json as { content_ids: string[] }).content_ids.length)).toEqual([200, 1]);
      expect(within(table).getAllByRole('row')).toHaveLength(202);
    });
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { ModeratedItemDto } from '@crossfeed/domain/api/flags.dto.ts';
import { api, ApiError, type Page } from '@/lib/api-client';
import { page } from '@/testing/page';
import { FLAG_OUTCOME_MESSAGES } from '@crossfeed/domain/flags/flag-outcome.ts';
import type { AppSocket } from '@/lib/socket';
import { FakeSocket } from '@/testing/fake-socket';
import { registerFlagHandlers } from '../realtime/register-flag-handlers';
import { AdminReport } from './admin-report';

const flag = (id: string, overrides: Partial<FlagDto> & { title?: string; type?: string | null; status?: string | null } = {}): FlagDto => {
  const { title = `Post ${id}`, type = 'video', status = 'active', ...rest } = overrides;
  return {
    id,
    content_id: `c-${id}`,
    reason: `Spam ${id}`,
    created_at: '2026-03-01T12:30:00.000Z',
    user: { username: `reporter-${id}` },
    content: { title, content_type: type, categories: ['technology', 'art'], status },
    ...rest,
  };
};

/** `api.getPage`: GET /flags/ answers a page. */
let get: Mock<(path: string, page?: { offset?: number; limit?: number }, request?: unknown) => Promise<Page<FlagDto>>>;
let put: Mock<(path: string, json?: unknown) => Promise<unknown>>;
let del: Mock<(path: string) => Promise<unknown>>;
/** The admin socket, with the flag handlers the app registers; `reconnect` as after a dropped connection. */
let socket: FakeSocket;
let reconnect: () => void = () => {};
let post: Mock<(path: string, json?: unknown) => Promise<unknown>>;

const renderReport = () =>
  render(
    <MemoryRouter>
      <AdminReport />
    </MemoryRouter>,
  );

const rowOf = (title: string) => {
  const row = screen.getByRole('rowheader', { name: title }).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};
const titles = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);
const dialog = () => screen.getByRole('dialog');

describe('AdminReport', () => {
  beforeEach(() => {
    socket = new FakeSocket();
    registerFlagHandlers(socket as unknown as AppSocket, (listener) => {
      reconnect = listener;
    });
    get = vi.fn();
    put = vi.fn();
    del = vi.fn();
    post = vi.fn();
    vi.spyOn(api, 'getPage').mockImplementation(get as never);
    vi.spyOn(api, 'put').mockImplementation(put as never);
    vi.spyOn(api, 'delete').mockImplementation(del as never);
    vi.spyOn(api, 'post').mockImplementation(post as never);
  });

  it("shows 'Loading flags...', then one row per flag with title, type, categories, status, reporter, reason and time", async () => {
    let resolve!: (flags: Page<FlagDto>) => void;
    get.mockReturnValue(new Promise((done) => (resolve = done)));
    renderReport();
    expect(screen.getByText('Loading flags...')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/flags/', { offset: 0, limit: 100 }, expect.objectContaining({ signal: expect.any(AbortSignal) }));

    act(() => resolve(page([flag('1', { title: 'Cats video' }), flag('2', { type: 'podcast', status: 'flagged' })])));
    const row = await waitFor(() => rowOf('Cats video'));
    expect(screen.queryByText('Loading flags...')).not.toBeInTheDocument();
    const cells = within(row);
    expect(cells.getByText('Video')).toBeInTheDocument();
    expect(cells.getByRole('list', { name: 'Categories' })).toHaveTextContent('technologyart');
    expect(cells.getByRole('combobox', { name: 'Status of "Cats video"' })).toHaveDisplayValue('Flagged');
    expect(cells.getByText('reporter-1')).toBeInTheDocument();
    expect(cells.getByText('Spam 1')).toBeInTheDocument();
    expect(row.querySelector('time')).toHaveAttribute('dateTime', '2026-03-01T12:30:00.000Z');
    expect(within(rowOf('Post 2')).getByText('Other (podcast)')).toBeInTheDocument();
    expect(within(rowOf('Post 2')).getByRole('combobox')).toHaveDisplayValue('Flagged');
    expect(screen.getByRole('columnheader', { name: 'Reported by' })).toBeInTheDocument();
    expect(screen.getByText('2 flags')).toBeInTheDocument();
  });

  it("shows 'No content has been flagged.' for an empty list", async () => {
    get.mockResolvedValue(page([]));
    renderReport();
    expect(await screen.findByText('No content has been flagged.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch flags.' when the list fails, and Retry loads it", async () => {
    get.mockRejectedValueOnce(new ApiError(500, 'Boom')).mockResolvedValueOnce(page([flag('1')]));
    renderReport();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch flags.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'Post 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('links to the founder analytics page', async () => {
    get.mockResolvedValue(page([]));
    renderReport();
    await screen.findByText('No content has been flagged.');
    expect(screen.getByRole('link', { name: 'Founder analytics' })).toHaveAttribute('href', '/admin-analytics');
  });

  it('adds a pushed flag on top without a reload, and announces it', async () => {
    get.mockResolvedValue(page([flag('1')]));
    renderReport();
    await screen.findByRole('rowheader', { name: 'Post 1' });

    act(() => socket.push('flag:created', flag('9', { title: 'Fresh report' })));
    expect(titles()).toEqual(['Fresh report', 'Post 1']);
    expect(rowOf('Fresh report')).toHaveClass('flag-row-fresh');
    expect(screen.getByText('New flag: Fresh report')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("lets the pushed flag's highlight and 'New flag' note go after a few seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      get.mockResolvedValue(page([flag('1')]));
      renderReport();
      await screen.findByRole('rowheader', { name: 'Post 1' });
      act(() => socket.push('flag:created', flag('9', { title: 'Fresh report' })));
      expect(screen.getByText('New flag: Fresh report')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.queryByText('New flag: Fresh report')).not.toBeInTheDocument();
      expect(rowOf('Fresh report')).not.toHaveClass('flag-row-fresh');
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns the empty state into the list when the first flag is pushed', async () => {
    get.mockResolvedValue(page([]));
    renderReport();
    await screen.findByText('No content has been flagged.');
    act(() => socket.push('flag:created', flag('1')));
    expect(screen.queryByText('No content has been flagged.')).not.toBeInTheDocument();
    expect(titles()).toEqual(['Post 1']);
  });

  it('keeps a flag pushed while the list is still loading', async () => {
    let resolve!: (flags: Page<FlagDto>) => void;
    get.mockReturnValue(new Promise((done) => (resolve = done)));
    renderReport();
    act(() => socket.push('flag:created', flag('9')));
    act(() => resolve(page([flag('1')])));
    await waitFor(() => expect(titles()).toEqual(['Post 9', 'Post 1']));
  });

  it("applies other admins' changes pushed as flag:updated: a status, a deleted flag, removed content", async () => {
    get.mockResolvedValue(page([flag('1'), flag('2'), flag('3', { content_id: 'c-2' })]));
    renderReport();
    await screen.findByRole('rowheader', { name: 'Post 1' });

    act(() => socket.push('flag:updated', { content_id: 'c-1', status: 'under_review' }));
    await waitFor(() => expect(within(rowOf('Post 1')).getByRole('combobox')).toHaveDisplayValue('Under review'));

    act(() => socket.push('flag:updated', { flag_id: '1', content_id: 'c-1', deleted: true }));
    await waitFor(() => expect(titles()).toEqual(['Post 2', 'Post 3']));

    act(() => socket.push('flag:updated', { content_id: 'c-2', status: 'deleted', deleted: true }));
    expect(await screen.findByText('No content has been flagged.')).toBeInTheDocument();
  });

  it('reloads the list after the socket reconnects', async () => {
    get.mockResolvedValueOnce(page([flag('1')])).mockResolvedValueOnce(page([flag('1'), flag('2')]));
    renderReport();
    await screen.findByRole('rowheader', { name: 'Post 1' });
    act(() => reconnect());
    await waitFor(() => expect(titles()).toEqual(['Post 1', 'Post 2']));
    expect(get).toHaveBeenCalledTimes(2);
  });

  describe('paging', () => {
    const many = (count: number, from = 0) => Array.from({ length: count }, (_, i) => flag(String(from + i)));
    // Role queries over hundreds of rows are slow in jsdom: the row headers are read straight from the DOM.
    const rowTitles = () => [...document.querySelectorAll('th[scope="row"]')].map((cell) => cell.textContent);
    const loadMore = () => document.querySelector<HTMLElement>('.load-more');
    const loadMoreButton = () => within(loadMore() ?? document.body).getByRole('button', { name: 'Load more flags' });
    /** The whole server list, answered page by page as asked. */
    const serve = (all: FlagDto[]) =>
      get.mockImplementation(async (_path, asked = {}) => {
        const { offset = 0, limit = 100 } = asked;
        return page(all.slice(offset, offset + limit), all.length);
      });

    it('lists the first page and loads the next ones with "Load more" until all are shown', async () => {
      const user = userEvent.setup();
      serve(many(130));
      renderReport();
      await screen.findByText('Post 0');
      expect(rowTitles()).toHaveLength(100);
      expect(screen.getByText('100 of 130 shown')).toBeInTheDocument();

      await user.click(loadMoreButton());

      await waitFor(() => expect(rowTitles()).toHaveLength(130));
      expect(get).toHaveBeenLastCalledWith('/flags/', { offset: 100, limit: 100 }, expect.anything());
      expect(rowTitles().at(-1)).toBe('Post 129');
      expect(loadMore()).toBeNull();
    });

    it('shows no "Load more" when the first page holds every flag', async () => {
      serve(many(3));
      renderReport();
      await screen.findByText('Post 0');
      expect(loadMore()).toBeNull();
    });

    it('counts pushed and deleted flags in the offset of the next page', async () => {
      const user = userEvent.setup();
      const all = many(101);
      serve(all);
      renderReport();
      await screen.findByText('Post 0');

      // The server lists the pushed flag first too, and drops the deleted one.
      const pushed = flag('new', { title: 'Pushed' });
      all.unshift(pushed);
      act(() => socket.push('flag:created', pushed));
      all.splice(all.findIndex((item) => item.id === '5'), 1);
      act(() => socket.push('flag:updated', { flag_id: '5', content_id: 'c-5', deleted: true }));
      expect(await screen.findByText('100 of 101 shown')).toBeInTheDocument();

      await user.click(loadMoreButton());

      await waitFor(() => expect(rowTitles()).toHaveLength(101));
      expect(get.mock.calls.at(-1)?.[1]).toEqual({ offset: 100, limit: 100 });
      expect(new Set(rowTitles()).size).toBe(101);
      expect(rowTitles().at(-1)).toBe('Post 100');
      expect(loadMore()).toBeNull();
    });

    it("toasts 'Failed to fetch flags.' when a next page fails, and keeps the list", async () => {
      const user = userEvent.setup();
      const error = vi.spyOn(toast, 'error');
      serve(many(120));
      renderReport();
      await screen.findByText('Post 0');
      get.mockRejectedValueOnce(new ApiError(500, 'Boom'));

      await user.click(loadMoreButton());

      await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch flags.', expect.anything()));
      expect(rowTitles()).toHaveLength(100);
      expect(loadMoreButton()).toBeEnabled();
    });

    it('reloads as many flags as are listed after the socket reconnects', async () => {
      const user = userEvent.setup();
      serve(many(150));
      renderReport();
      await screen.findByText('Post 0');
      await user.click(loadMoreButton());
      await waitFor(() => expect(rowTitles()).toHaveLength(150));

      act(() => reconnect());

      await waitFor(() => expect(get).toHaveBeenLastCalledWith('/flags/', { offset: 0, limit: 150 }, expect.anything()));
      await waitFor(() => expect(rowTitles()).toHaveLength(150));
    });
  });

  describe('changing the content status', () => {
    it('asks first; Cancel changes nothing and calls nothing', async () => {
      const user = userEvent.setup();
      get.mockResolvedValue(page([flag('1')]));
      renderReport();
      const select = await screen.findByRole('combobox', { name: 'Status of "Post 1"' });
      expect(within(select).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
        'flagged',
        'under_review',
        'approved',
        'deleted',
      ]);

      await user.selectOptions(select, 'approved');
      expect(dialog()).toHaveTextContent('Are you sure you want to change the status to "approved"?');
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(put).not.toHaveBeenCalled();
      expect(select).toHaveDisplayValue('Flagged');
    });

    it('on confirm sends PUT /flags/{id}/content-status with new_status and shows the new status', async () => {
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      get.mockResolvedValue(page([flag('1'), flag('2', { content_id: 'c-1', title: 'Post 1 (second report)' })]));
      put.mockResolvedValue({ id: 'c-1', title: 'Post 1 renamed', content_type: 'video', categories: ['technology'], status: 'under_review' });
      renderReport();
      const select = await screen.findByRole('combobox', { name: 'Status of "Post 1"' });

      await user.selectOptions(select, 'under_review');
      await user.click(within(dialog()).getByRole('button', { name: 'Change status' }));

      expect(put).toHaveBeenCalledWith('/flags/1/content-status', { new_status: 'under_review' });
      // Every flag of the same content shows the answer's status and fields.
      await waitFor(() => expect(titles()).toEqual(['Post 1 renamed', 'Post 1 renamed']));
      expect(screen.getAllByRole('combobox', { name: 'Status of "Post 1 renamed"' }).map((item) => (item as HTMLSelectElement).value)).toEqual([
        'under_review',
        'under_review',
      ]);
      expect(success).toHaveBeenCalledWith('Content status updated successfully.', expect.anything());
    });

    it("toasts 'Failed to update content status: {message}' and keeps the old status", async () => {
      const user = userEvent.setup();
      const error = vi.spyOn(toast, 'error');
      get.mockResolvedValue(page([flag('1')]));
      put.mockRejectedValue(new ApiError(404, 'Flag not found.'));
      renderReport();
      const select = await screen.findByRole('combobox', { name: 'Status of "Post 1"' });
      await user.selectOptions(select, 'approved');
      await user.click(within(dialog()).getByRole('button', { name: 'Change status' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update content status: Flag not found.', expect.anything()));
      expect(select).toHaveDisplayValue('Flagged');
      expect(select).toBeEnabled();
    });
  });

  describe('deleting', () => {
    it('a flag: asks, Cancel keeps it, confirming sends DELETE /flags/{id} and removes the row', async () => {
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      get.mockResolvedValue(page([flag('1'), flag('2')]));
      del.mockResolvedValue({ id: '1', message: 'Flag deleted successfully.' });
      renderReport();
      const button = await screen.findByRole('button', { name: 'Delete flag on "Post 1" by reporter-1' });

      await user.click(button);
      expect(dialog()).toHaveTextContent('Are you sure you want to delete this flag?');
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      expect(del).not.toHaveBeenCalled();
      expect(titles()).toEqual(['Post 1', 'Post 2']);

      await user.click(button);
      await user.click(within(dialog()).getByRole('button', { name: 'Delete flag' }));
      expect(del).toHaveBeenCalledWith('/flags/1', { query: { ask_outcome: 'true' } });
      await waitFor(() => expect(titles()).toEqual(['Post 2']));
      expect(success).toHaveBeenCalledWith('Flag deleted successfully.', expect.anything());
    });

    it('the last flag of content under review: the 409 asks for the outcome; Approve content deletes with outcome=approve', async () => {
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      const error = vi.spyOn(toast, 'error');
      get.mockResolvedValue(page([flag('1', { status: 'under_review' }), flag('2')]));
      del.mockRejectedValueOnce(new ApiError(409, FLAG_OUTCOME_MESSAGES.required));
      del.mockResolvedValueOnce({ id: '1', message: 'Flag deleted successfully.', outcome: 'approve' });
      renderReport();
      await user.click(await screen.findByRole('button', { name: /^Delete flag on "Post 1"/ }));
      await user.click(within(dialog()).getByRole('button', { name: 'Delete flag' }));

      const ask = await screen.findByRole('dialog', { name: 'Content under review' });
      expect(ask).toHaveTextContent('This is the last flag on "Post 1", which is under review. Approve the content, or keep its status?');
      expect(error).not.toHaveBeenCalled();
      expect(titles()).toEqual(['Post 1', 'Post 2']);
      await user.click(within(ask).getByRole('button', { name: 'Approve content' }));
      expect(del).toHaveBeenLastCalledWith('/flags/1', { query: { outcome: 'approve' } });
      await waitFor(() => expect(titles()).toEqual(['Post 2']));
      expect(success).toHaveBeenCalledWith('Content approved.', expect.anything());
    });

    it('the outcome question: Cancel deletes nothing; in bulk, Keep status sends outcome keep', async () => {
      const user = userEvent.setup();
      get.mockResolvedValue(page([flag('1', { status: 'under_review' }), flag('2')]));
      del.mockRejectedValue(new ApiError(409, FLAG_OUTCOME_MESSAGES.required));
      post.mockRejectedValueOnce(new ApiError(409, FLAG_OUTCOME_MESSAGES.requiredBulk));
      post.mockResolvedValueOnce({ deleted: 2 });
      renderReport();
      await user.click(await screen.findByRole('button', { name: /^Delete flag on "Post 1"/ }));
      await user.click(within(dialog()).getByRole('button', { name: 'Delete flag' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Content under review' })).getByRole('button', { name: 'Cancel' }));
      expect(del).toHaveBeenCalledTimes(1);
      expect(titles()).toEqual(['Post 1', 'Post 2']);

      await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
      await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Delete flags' }));
      const ask = await screen.findByRole('dialog', { name: 'Content under review' });
      expect(ask).toHaveTextContent('Deleting the 2 selected flags leaves content under review without a flag.');
      await user.click(within(ask).getByRole('button', { name: 'Keep status' }));
      expect(post).toHaveBeenLastCalledWith('/flags/bulk-delete', { flag_ids: ['1', '2'], outcome: 'keep' });
      await waitFor(() => expect(titles()).toEqual([]));
    });

    it("a flag that fails toasts 'Failed to delete flag: {message}' and keeps the row", async () => {
      const user = userEvent.setup();
      const error = vi.spyOn(toast, 'error');
      get.mockResolvedValue(page([flag('1')]));
      del.mockRejectedValue(new ApiError(404, 'Flag not found.'));
      renderReport();
      await user.click(await screen.findByRole('button', { name: /^Delete flag on "Post 1"/ }));
      await user.click(within(dialog()).getByRole('button', { name: 'Delete flag' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to delete flag: Flag not found.', expect.anything()));
      expect(titles()).toEqual(['Post 1']);
    });

    it('content: asks, then sends DELETE /admin/content/{id} and removes every flag of that content', async () => {
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      get.mockResolvedValue(page([flag('1'), flag('2', { content_id: 'c-1', title: 'Post 1 again' }), flag('3')]));
      del.mockResolvedValue({ id: 'c-1', message: 'Content deleted successfully.' });
      renderReport();
      const button = await screen.findByRole('button', { name: 'Delete content "Post 1"' });

      await user.click(button);
      expect(dialog()).toHaveTextContent('Are you sure you want to delete this content?');
      await user.keyboard('{Escape}');
      expect(del).not.toHaveBeenCalled();

      await user.click(button);
      await user.click(within(dialog()).getByRole('button', { name: 'Delete content' }));
      expect(del).toHaveBeenCalledWith('/admin/content/c-1');
      await waitFor(() => expect(titles()).toEqual(['Post 3']));
      expect(success).toHaveBeenCalledWith('Content deleted successfully.', expect.anything());
    });

    it("content with a reason: the owner is told it (DELETE /admin/content/{id} with { reason })", async () => {
      const user = userEvent.setup();
      get.mockResolvedValue(page([flag('1')]));
      del.mockResolvedValue({ id: 'c-1', message: 'Content deleted successfully.' });
      renderReport();
      await user.click(await screen.findByRole('button', { name: 'Delete content "Post 1"' }));
      await user.type(within(dialog()).getByLabelText('Reason for the owner (optional)'), '  Copies a paid course. ');
      await user.click(within(dialog()).getByRole('button', { name: 'Delete content' }));
      expect(del).toHaveBeenCalledWith('/admin/content/c-1', { json: { reason: 'Copies a paid course.' } });
    });

    it('the deleted status asks for the reason too, after the SPEC confirmation text', async () => {
      const user = userEvent.setup();
      get.mockResolvedValue(page([flag('1')]));
      put.mockResolvedValue({ id: 'c-1', title: 'Post 1', content_type: 'video', categories: [], status: 'deleted' });
      renderReport();
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of "Post 1"' }), 'deleted');
      expect(dialog()).toHaveTextContent('Are you sure you want to change the status to "deleted"?');
      await user.type(within(dialog()).getByLabelText('Reason for the owner (optional)'), 'Spam');
      await user.click(within(dialog()).getByRole('button', { name: 'Change status' }));
      expect(put).toHaveBeenCalledWith('/flags/1/content-status', { new_status: 'deleted', reason: 'Spam' });
    });

    it("content that fails toasts 'Failed to delete content: {message}'", async () => {
      const user = userEvent.setup();
      const error = vi.spyOn(toast, 'error');
      get.mockResolvedValue(page([flag('1')]));
      del.mockRejectedValue(new TypeError('Failed to fetch'));
      renderReport();
      await user.click(await screen.findByRole('button', { name: 'Delete content "Post 1"' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Delete content' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to delete content: Failed to fetch', expect.anything()));
      expect(titles()).toEqual(['Post 1']);
    });

    it('the selected flags in bulk: POST /flags/bulk-delete with flag_ids after a confirm', async () => {
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      get.mockResolvedValue(page([flag('1'), flag('2'), flag('3')]));
      post.mockResolvedValue({ deleted: 2 });
      renderReport();
      const bulk = await screen.findByRole('button', { name: 'Delete selected (0)' });
      expect(bulk).toBeDisabled();

      await user.click(within(rowOf('Post 1')).getByRole('checkbox'));
      await user.click(within(rowOf('Post 3')).getByRole('checkbox'));
      expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveProperty('indeterminate', true);
      await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
      expect(dialog()).toHaveTextContent('Are you sure you want to delete the 2 selected flags?');
      await user.click(within(dialog()).getByRole('button', { name: 'Delete flags' }));

      expect(post).toHaveBeenCalledWith('/flags/bulk-delete', { flag_ids: ['1', '3'], ask_outcome: true });
      await waitFor(() => expect(titles()).toEqual(['Post 2']));
      expect(success).toHaveBeenCalledWith('2 flags deleted successfully.', expect.anything());
      expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
    });

    it('Select all selects every listed flag', async () => {
      const user = userEvent.setup();
      get.mockResolvedValue(page([flag('1'), flag('2')]));
      renderReport();
      await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
      expect(screen.getByRole('button', { name: 'Delete selected (2)' })).toBeEnabled();
      await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
      expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
    });
  });

  it('filters by the grouped content type', async () => {
    const user = userEvent.setup();
    get.mockResolvedValue(page([flag('1', { type: 'article' }), flag('2', { type: 'podcast' }), flag('3', { type: 'pdf' })]));
    renderReport();
    const filter = await screen.findByRole('combobox', { name: 'Content type' });
    await user.selectOptions(filter, 'other');
    expect(titles()).toEqual(['Post 2']);
    expect(screen.getByText('1 of 3 flags')).toBeInTheDocument();
    await user.selectOptions(filter, 'code');
    expect(screen.getByText('No flagged content of this type.')).toBeInTheDocument();
    await user.selectOptions(filter, 'all');
    expect(titles()).toEqual(['Post 1', 'Post 2', 'Post 3']);
  });

  describe('Moderated content', () => {
    const item = (id: string, overrides: Partial<ModeratedItemDto> = {}): ModeratedItemDto => ({
      id,
      title: `Moderated ${id}`,
      content_type: 'video',
      categories: ['technology'],
      user: { id: `u-${id}`, username: `owner-${id}` },
      status: 'under_review',
      removed: false,
      reason: `Reason ${id}`,
      open_flags: 0,
      updated_at: '2026-03-02T09:00:00.000Z',
      ...overrides,
    });

    const answer = (items: ModeratedItemDto[]) =>
      get.mockImplementation(((path: string) => Promise.resolve(path === '/flags/' ? page([flag('1')]) : page(items))) as never);

    it('a second view lists every moderated item, flags or not, with owner, status, reason and open flags', async () => {
      const user = userEvent.setup();
      answer([item('a'), item('b', { status: 'deleted', removed: true, reason: null, open_flags: 0 })]);
      renderReport();
      await screen.findByRole('rowheader', { name: 'Post 1' });
      expect(get).not.toHaveBeenCalledWith('/admin/content', expect.anything(), expect.anything());

      await user.click(screen.getByRole('tab', { name: 'Moderated content' }));
      const row = await waitFor(() => rowOf('Moderated a'));
      expect(get).toHaveBeenCalledWith('/admin/content', { offset: 0, limit: 100 }, expect.objectContaining({ query: undefined }));
      expect(within(row).getByText('owner-a')).toBeInTheDocument();
      expect(within(row).getByRole('combobox', { name: 'Status of "Moderated a"' })).toHaveDisplayValue('Under review');
      expect(within(row).getByText('Reason a')).toBeInTheDocument();
      expect(within(rowOf('Moderated b')).getByText('Removed')).toBeInTheDocument();
      expect(within(rowOf('Moderated b')).queryByRole('combobox')).not.toBeInTheDocument();

      await user.selectOptions(screen.getByRole('combobox', { name: 'Moderation status' }), 'approved');
      await waitFor(() => expect(get).toHaveBeenLastCalledWith('/admin/content', { offset: 0, limit: 100 }, expect.objectContaining({ query: { status: 'approved' } })));
    });

    it('changes a status after the SPEC confirmation, with PUT /admin/content/{id}/status', async () => {
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      answer([item('a')]);
      put.mockResolvedValue({ id: 'a', status: 'approved', moderation_status: 'approved' });
      renderReport();
      await user.click(await screen.findByRole('tab', { name: 'Moderated content' }));
      const select = await screen.findByRole('combobox', { name: 'Status of "Moderated a"' });
      await user.selectOptions(select, 'approved');
      expect(dialog()).toHaveTextContent('Are you sure you want to change the status to "approved"?');
      await user.click(within(dialog()).getByRole('button', { name: 'Change status' }));
      expect(put).toHaveBeenCalledWith('/admin/content/a/status', { new_status: 'approved' });
      await waitFor(() => expect(select).toHaveDisplayValue('Approved'));
      expect(success).toHaveBeenCalledWith('Content status updated successfully.', expect.anything());
    });

    it("says 'No content has been moderated.' when there is none", async () => {
      const user = userEvent.setup();
      answer([]);
      renderReport();
      await user.click(await screen.findByRole('tab', { name: 'Moderated content' }));
      expect(await screen.findByText('No content has been moderated.')).toBeInTheDocument();
    });
  });

  it('a view the route adds (Payments) mounts only when its tab is opened', async () => {
    const user = userEvent.setup();
    const mounted = vi.fn();
    function Payments() {
      mounted();
      return <p>Payments list</p>;
    }
    get.mockResolvedValue(page([flag('1')]));
    render(
      <MemoryRouter>
        <AdminReport extraViews={[{ id: 'payments', label: 'Payments', content: <Payments /> }]} />
      </MemoryRouter>,
    );
    await screen.findByRole('rowheader', { name: 'Post 1' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Flags', 'Moderated content', 'Payments']);
    expect(mounted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(screen.getByRole('tabpanel', { name: 'Payments' })).toHaveTextContent('Payments list');
    expect(document.getElementById('admin-report-panel-flags')).not.toBeVisible();
  });
});

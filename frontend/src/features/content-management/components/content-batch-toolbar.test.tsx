import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import { pagesOf } from '@/testing/page';
import { batchContent } from '../api/batch-content';
import { ManageContentModal } from './manage-content-modal';

vi.mock('../api/batch-content', () => ({ batchContent: vi.fn() }));
const batchMock = vi.mocked(batchContent);

let own: ReturnType<typeof makeContent>[];
const signIn = (premium: boolean) =>
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium }));
const dialog = () => screen.getByRole('dialog', { name: 'Manage Content' });

describe('Manage Content: batch actions', () => {
  beforeEach(() => {
    batchMock.mockReset();
    own = [makeContent('c1'), makeContent('c2'), makeContent('c3', { status: 'inactive' })];
    const get = vi.fn(async (path: string) => {
      if (path === '/content/') return own;
      throw new Error(`unexpected ${path}`);
    });
    vi.spyOn(api, 'get').mockImplementation(get as never);
    vi.spyOn(api, 'getPage').mockImplementation(pagesOf(get as never) as never);
  });

  it('a Premium user ticks items with the keyboard, sees "2 selected" and pauses them in one request', async () => {
    signIn(true);
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    render(<ManageContentModal open onClose={vi.fn()} />);
    const first = await within(dialog()).findByRole('checkbox', { name: 'Select Title c1' });
    expect(within(dialog()).queryByRole('toolbar')).not.toBeInTheDocument();
    first.focus();
    await user.keyboard(' ');
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Select Title c2' }));
    const toolbar = within(dialog()).getByRole('toolbar', { name: 'Selected contents' });
    expect(toolbar).toHaveTextContent('2 selected');

    const paused = [makeContent('c1', { status: 'inactive' }), makeContent('c2', { status: 'inactive' })];
    batchMock.mockResolvedValue({ action: 'pause', message: '2 items paused.', changed: ['c1', 'c2'], unchanged: [], contents: paused });
    own = [...paused, own[2]!];
    await user.click(within(toolbar).getByRole('button', { name: 'Pause' }));
    expect(batchMock).toHaveBeenCalledWith('pause', ['c1', 'c2']);
    await waitFor(() => expect(success).toHaveBeenCalledWith('2 items paused.', expect.anything()));
    expect(within(dialog()).queryByRole('toolbar')).not.toBeInTheDocument();
    expect(within(dialog()).getByText('Title c1').closest('li')).toHaveTextContent('Inactive');
  });

  it('Select all then Delete asks first; a refused batch shows the server detail and keeps every item', async () => {
    signIn(true);
    const user = userEvent.setup();
    render(<ManageContentModal open onClose={vi.fn()} />);
    await user.click(await within(dialog()).findByRole('checkbox', { name: 'Select all' }));
    const toolbar = within(dialog()).getByRole('toolbar', { name: 'Selected contents' });
    expect(toolbar).toHaveTextContent('3 selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirm Deletion' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete these 3 items? This cannot be undone.');
    expect(batchMock).not.toHaveBeenCalled();

    batchMock.mockRejectedValue(new ApiError(404, 'Nothing was changed: this item was not found: c2.'));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('Nothing was changed: this item was not found: c2.')).toBeInTheDocument();
    expect(batchMock).toHaveBeenCalledWith('delete', ['c1', 'c2', 'c3']);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(dialog()).getByRole('toolbar')).toHaveTextContent('3 selected');
  });

  it('a confirmed batch delete drops the items from the list', async () => {
    signIn(true);
    const user = userEvent.setup();
    render(<ManageContentModal open onClose={vi.fn()} />);
    await user.click(await within(dialog()).findByRole('checkbox', { name: 'Select Title c3' }));
    batchMock.mockResolvedValue({ action: 'delete', message: '1 item deleted.', changed: ['c3'], unchanged: [], contents: [] });
    own = own.slice(0, 2);
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm Deletion' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog()).queryByText('Title c3')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Confirm Deletion' })).not.toBeInTheDocument();
  });

  it('a Free user has no checkboxes and is told batch actions come with Premium', async () => {
    signIn(false);
    render(<ManageContentModal open onClose={vi.fn()} />);
    await within(dialog()).findByText('Title c1');
    expect(within(dialog()).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(dialog()).toHaveTextContent('Select several items to pause, resume or delete them at once with Premium.');
  });
});

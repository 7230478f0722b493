import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getContacts, type Contact } from '@/lib/api/contacts';
import { ApiError, type Page } from '@/lib/api-client';
import { page } from '@/testing/page';
import { getSentShares } from '../api/get-sent-shares';
import { getShareTargets } from '../api/get-share-targets';
import { shareContent } from '../api/share-content';
import { ShareContentModal } from './share-content-modal';

vi.mock('@/lib/api/contacts', () => ({ getContacts: vi.fn() }));
vi.mock('../api/share-content', () => ({ shareContent: vi.fn() }));
vi.mock('../api/get-share-targets', () => ({ getShareTargets: vi.fn() }));
vi.mock('../api/get-sent-shares', () => ({ getSentShares: vi.fn() }));
const sentMock = vi.mocked(getSentShares);
const contactsMock = vi.mocked(getContacts);
const targetsMock = vi.mocked(getShareTargets);
const shareMock = vi.mocked(shareContent);

const CONTENT = { id: 'c1', title: 'My video', description: 'A video about things.' };
const CONTACTS: Contact[] = [
  { id: 'k1', name: 'Bob', email: 'bob@example.com', audience_score: null },
  { id: 'k2', name: 'Carol', email: 'carol@example.com', audience_score: 70 },
];

type Props = Partial<Parameters<typeof ShareContentModal>[0]>;
function renderShare(props: Props = {}) {
  const mocks = { onClose: vi.fn(), onShared: vi.fn(), onDailyLimit: vi.fn() };
  const view = render(<ShareContentModal open content={CONTENT} {...mocks} {...props} />);
  return { ...mocks, ...view };
}

const shareButton = () => screen.getByRole('button', { name: 'Share' });

describe('ShareContentModal', () => {
  beforeEach(() => {
    contactsMock.mockReset();
    shareMock.mockReset();
    targetsMock.mockReset();
    targetsMock.mockResolvedValue(page([]));
    sentMock.mockReset();
    sentMock.mockResolvedValue(page([]));
  });

  it('lists what earlier shares of this content sent and to whom, newest first', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    sentMock.mockResolvedValue(
      page([
        { id: 's2', content_id: 'c1', content_title: 'My video', shared_at: '2026-03-02T10:00:00.000Z', reached: [{ id: 'k2', name: 'Carol', email: 'carol@example.com' }], skipped: [] },
        { id: 's1', content_id: 'c1', content_title: 'My video', shared_at: '2026-03-01T10:00:00.000Z', reached: [{ id: 'k1', name: 'Bob', email: 'bob@example.com' }], skipped: [] },
      ]),
    );
    renderShare();
    const summary = await screen.findByText('You shared this content 2 times before');
    expect(sentMock).toHaveBeenCalledWith('c1', 10, expect.any(AbortSignal));
    const items = within(summary.closest('details')!).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split(': ')[1])).toEqual(['Carol', 'Bob']);
  });

  it('shows no sent list when nothing was shared before or the list cannot be read', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    sentMock.mockRejectedValue(new ApiError(500, 'Boom'));
    renderShare();
    await screen.findByText('Bob');
    expect(screen.queryByText(/You shared this content/)).not.toBeInTheDocument();
  });

  it('shows contacts already reached with this content, or at their daily limit, disabled with the reason', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    targetsMock.mockResolvedValue(
      page([
        { id: 'k1', name: 'Bob', email: 'bob@example.com', state: 'already_shared' as const },
        { id: 'k2', name: 'Carol', email: 'carol@example.com', state: 'daily_limit' as const },
      ]),
    );
    renderShare();
    const bob = await screen.findByRole('checkbox', { name: /Bob/ });
    await waitFor(() => expect(bob).toBeDisabled());
    expect(bob).toHaveAccessibleName('Bob bob@example.com (Already has this content)');
    expect(screen.getByRole('checkbox', { name: /Carol/ })).toHaveAccessibleName("Carol carol@example.com (Reached today's share limit)");
    expect(targetsMock).toHaveBeenCalledWith('c1', { offset: 0, limit: expect.any(Number) }, expect.anything());
  });

  it('after a share, toasts whom it reached and the content a completed match released', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    shareMock.mockResolvedValue({
      message: 'Content shared successfully!',
      share_count: 3,
      reached: [{ id: 'k1', name: 'Bob' }],
      skipped: [],
      match: { delivered: 5, required: 5, completed: true },
      released: { id: 'mine', title: 'My queued post' },
    });
    const success = vi.spyOn(toast, 'success');
    const info = vi.spyOn(toast, 'info');
    const user = userEvent.setup();
    renderShare();
    await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
    await user.click(shareButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith('\u201cMy queued post\u201d was released to the exchange.', expect.anything()));
    expect(success).toHaveBeenCalledWith('Content shared successfully!', expect.anything());
    expect(info).toHaveBeenCalledWith('Shared with Bob.', expect.anything());
  });

  it('on a 409 (nobody new to reach) shows the detail and stays open', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    shareMock.mockRejectedValueOnce(new ApiError(409, 'This share would reach no one new: Bob already received this content.'));
    const user = userEvent.setup();
    const { onClose, onShared } = renderShare();
    await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
    await user.click(shareButton());
    expect(await screen.findByText('This share would reach no one new: Bob already received this content.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onShared).not.toHaveBeenCalled();
  });

  it("shows 'Loading contacts...', then the content and a checkbox per contact with name and email", async () => {
    let resolve!: (list: Page<Contact>) => void;
    contactsMock.mockReturnValue(new Promise((done) => (resolve = done)));
    renderShare();

    expect(screen.getByText('Loading contacts...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My video' })).toBeInTheDocument();
    expect(screen.getByText('A video about things.')).toBeInTheDocument();
    expect(shareButton()).toBeDisabled();

    resolve(page(CONTACTS));
    const bob = await screen.findByRole('checkbox', { name: /Bob/ });
    expect(bob).toHaveAccessibleName('Bob bob@example.com');
    expect(screen.getByRole('checkbox', { name: /Carol/ })).toHaveAccessibleName('Carol carol@example.com');
    expect(screen.getByRole('list').className).toBe('share-contact-list');
  });

  it("shows 'No contacts available.' for an empty list", async () => {
    contactsMock.mockResolvedValue(page([]));
    renderShare();
    expect(await screen.findByText('No contacts available.')).toBeInTheDocument();
    expect(shareButton()).toBeDisabled();
    // Without a way to the Contacts panel there is no button to offer.
    expect(screen.queryByRole('button', { name: 'Add contacts' })).not.toBeInTheDocument();
  });

  it("leads from 'No contacts available.' to the Contacts panel with 'Add contacts'", async () => {
    contactsMock.mockResolvedValue(page([]));
    const onAddContacts = vi.fn();
    const { onShared } = renderShare({ onAddContacts });
    expect(await screen.findByText('No contacts available.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add contacts' }));
    expect(onAddContacts).toHaveBeenCalledTimes(1);
    expect(onShared).not.toHaveBeenCalled();
  });

  it("offers 'Add contacts' only when there are none", async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    renderShare({ onAddContacts: vi.fn() });
    await screen.findByRole('checkbox', { name: /Bob/ });
    expect(screen.queryByRole('button', { name: 'Add contacts' })).not.toBeInTheDocument();
  });

  it("shows 'No content selected.' without content, and fetches nothing", () => {
    renderShare({ content: null });
    expect(screen.getByText('No content selected.')).toBeInTheDocument();
    expect(shareButton()).toBeDisabled();
    expect(contactsMock).not.toHaveBeenCalled();
  });

  it("shows the server's message or 'Failed to fetch contacts.' with a toast, and Retry fetches again", async () => {
    const error = vi.spyOn(toast, 'error');
    contactsMock.mockRejectedValueOnce(new ApiError(503, 'Contacts are resting.'));
    const { unmount } = renderShare();
    expect(await screen.findByRole('alert')).toHaveTextContent('Contacts are resting.');
    expect(error).toHaveBeenCalledWith('Contacts are resting.', expect.anything());
    unmount();

    contactsMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderShare();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch contacts.');
    expect(error).toHaveBeenLastCalledWith('Failed to fetch contacts.', expect.anything());
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    contactsMock.mockResolvedValueOnce(page(CONTACTS));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: /Bob/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fetches the contacts each time it opens, with nothing selected', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    const user = userEvent.setup();
    const props = { content: CONTENT, onClose: vi.fn(), onShared: vi.fn() };
    const { rerender } = render(<ShareContentModal open {...props} />);
    await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));

    rerender(<ShareContentModal open={false} {...props} />);
    rerender(<ShareContentModal open {...props} />);

    expect(await screen.findByRole('checkbox', { name: /Bob/ })).not.toBeChecked();
    expect(contactsMock).toHaveBeenCalledTimes(2);
  });

  it('keeps Share disabled until a contact is selected, and asks for one if forced', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    const user = userEvent.setup();
    renderShare();
    const bob = await screen.findByRole('checkbox', { name: /Bob/ });
    expect(shareButton()).toBeDisabled();

    fireEvent.submit(screen.getByRole('form', { name: 'Share content' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one contact to share with.');
    expect(shareMock).not.toHaveBeenCalled();

    await user.click(bob);
    expect(shareButton()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(bob);
    expect(shareButton()).toBeDisabled();
  });

  it("shares with the chosen contacts, toasts 'Content shared successfully!', then onShared and close", async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    shareMock.mockResolvedValue({ message: 'Content shared successfully!', share_count: 3 });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { onShared, onClose } = renderShare();

    await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
    await user.click(screen.getByRole('checkbox', { name: /Carol/ }));
    await user.click(shareButton());

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(shareMock).toHaveBeenCalledWith('c1', ['k1', 'k2']);
    expect(success).toHaveBeenCalledWith('Content shared successfully!', expect.anything());
    expect(onShared).toHaveBeenCalledTimes(1);
    expect(onShared.mock.invocationCallOrder[0]).toBeLessThan(onClose.mock.invocationCallOrder[0]!);
  });

  it('toasts every share, two shares of one content in a row included (each toast has an id of its own)', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    shareMock.mockResolvedValue({ message: 'Content shared successfully!', share_count: 3 });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    for (const name of [/Bob/, /Carol/]) {
      const { onClose, unmount } = renderShare();
      await user.click(await screen.findByRole('checkbox', { name }));
      await user.click(shareButton());
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      unmount();
    }
    const ids = success.mock.calls.filter(([text]) => text === 'Content shared successfully!').map(([, options]) => (options as { toastId?: string }).toastId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('loads more contacts into the checklist with "Load more", keeping the ticked ones, and shares with them all', async () => {
    const all = Array.from({ length: 105 }, (_, i): Contact => ({ id: `k${i}`, name: `Person ${i}`, email: `p${i}@example.com`, audience_score: null }));
    contactsMock.mockImplementation(async ({ offset = 0, limit = 100 } = {}) => page(all.slice(offset, offset + limit), all.length));
    shareMock.mockResolvedValue({ message: 'Content shared successfully!', share_count: 2 });
    const user = userEvent.setup();
    renderShare();
    const boxes = () => document.querySelectorAll('.share-contact-list input[type="checkbox"]');
    await waitFor(() => expect(boxes()).toHaveLength(100));
    expect(screen.getByText('100 of 105 shown')).toBeInTheDocument();
    await user.click(boxes()[0] as HTMLElement);

    await user.click(within(document.querySelector<HTMLElement>('.load-more')!).getByRole('button', { name: 'Load more contacts' }));

    await waitFor(() => expect(boxes()).toHaveLength(105));
    expect(contactsMock).toHaveBeenLastCalledWith({ offset: 100, limit: 100 }, expect.any(AbortSignal));
    expect(boxes()[0]).toBeChecked();
    expect(document.querySelector('.load-more')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Person 104/ }));
    await user.click(shareButton());
    await waitFor(() => expect(shareMock).toHaveBeenCalledWith('c1', ['k0', 'k104']));
  });

  it('on the daily share limit, toasts the upgrade text, closes and calls onDailyLimit', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    shareMock.mockRejectedValue(new ApiError(429, 'Daily share limit reached. Upgrade to premium for unlimited sharing.'));
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    const { onShared, onClose, onDailyLimit } = renderShare();

    await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
    await user.click(shareButton());

    await waitFor(() => expect(onDailyLimit).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith('Daily share limit reached. Upgrade to premium for unlimited sharing.', expect.anything());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onShared).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to share content.' on any other failure and stays open", async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    const { onClose, onDailyLimit, onShared } = renderShare();
    await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));

    shareMock.mockRejectedValueOnce(new ApiError(400, 'You cannot share your own content.'));
    await user.click(shareButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to share content.', expect.anything()));

    shareMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await waitFor(() => expect(shareButton()).toBeEnabled());
    await user.click(shareButton());
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(error).toHaveBeenLastCalledWith('Failed to share content.', expect.anything());

    expect(onClose).not.toHaveBeenCalled();
    expect(onDailyLimit).not.toHaveBeenCalled();
    expect(onShared).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Cancel closes', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    const { onClose } = renderShare();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

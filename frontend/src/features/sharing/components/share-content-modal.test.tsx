import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getContacts, type Contact } from '@/lib/api/contacts';
import { ApiError, type Page } from '@/lib/api-client';
import { page } from '@/testing/page';
import { getSentShares } from '../api/get-sent-shares';
import { getShareSummary, type ShareSummary } from '../api/get-share-summary';
import { getShareTargets } from '../api/get-share-targets';
import { previewShareEmail } from '../api/preview-share-email';
import { shareContent } from '../api/share-content';
import { ShareContentModal } from './share-content-modal';

vi.mock('@/lib/api/contacts', () => ({ getContacts: vi.fn() }));
vi.mock('../api/share-content', () => ({ shareContent: vi.fn() }));
vi.mock('../api/get-share-targets', () => ({ getShareTargets: vi.fn() }));
vi.mock('../api/get-sent-shares', () => ({ getSentShares: vi.fn() }));
vi.mock('../api/get-share-summary', () => ({ getShareSummary: vi.fn() }));
vi.mock('../api/preview-share-email', () => ({ previewShareEmail: vi.fn() }));
const sentMock = vi.mocked(getSentShares);
const contactsMock = vi.mocked(getContacts);
const targetsMock = vi.mocked(getShareTargets);
const shareMock = vi.mocked(shareContent);
const summaryMock = vi.mocked(getShareSummary);
const previewMock = vi.mocked(previewShareEmail);

/** A Premium user whose two contacts can finish a match that needs two more people. */
const SUMMARY: ShareSummary = {
  content_live: true,
  match: { delivered: 3, required: 5, completed: false },
  still_needed: 2,
  shares_left_today: null,
  email_budget: { limit: 100, used: 0, remaining: 100 },
  address_daily_cap: 3,
  available_contacts: 2,
  available_contacts_exact: true,
  can_finish_match: true,
  sending_paused: null,
};
const summary = (changes: Partial<ShareSummary>): ShareSummary => ({ ...SUMMARY, ...changes });

/** Where the match stands after the share (the workspace's figures; these tests do not read them). */
const MATCH = { delivered: 1, required: 5, completed: false };
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
    summaryMock.mockReset();
    summaryMock.mockResolvedValue(SUMMARY);
    previewMock.mockReset();
  });

  it('lists what earlier shares of this content sent and to whom, newest first: reached, counted, the note and why a contact did not count', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    sentMock.mockResolvedValue(
      page([
        {
          id: 's2',
          content_id: 'c1',
          content_title: 'My video',
          shared_at: '2026-03-02T10:00:00.000Z',
          note: 'You will love the ending.',
          counted: 1,
          reached: [
            { id: 'k2', name: 'Carol', email: 'carol@example.com', counted: true },
            { id: 'k3', name: 'Dave', email: 'dave@example.com', counted: false, reason: 'match_complete' as const },
            { id: 'k4', name: 'Erin', email: 'erin@example.com', counted: false, reason: 'bounced' as const },
          ],
          skipped: [{ id: 'k5', name: 'Fay', email: 'fay@example.com', reason: 'unsubscribed' as const }],
        },
        {
          id: 's1',
          content_id: 'c1',
          content_title: 'My video',
          shared_at: '2026-03-01T10:00:00.000Z',
          note: null,
          counted: 0,
          reached: [{ id: 'k1', name: 'Bob', email: 'bob@example.com', counted: false, reason: 'contact_removed' as const }],
          skipped: [],
        },
      ]),
    );
    renderShare();
    const title = await screen.findByText('You shared this content 2 times before');
    expect(sentMock).toHaveBeenCalledWith('c1', 10, expect.any(AbortSignal));
    const list = within(title.closest('details')!).getAllByRole('list')[0]!;
    const shares = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(shares).toHaveLength(2);
    const [latest, earlier] = shares as [HTMLElement, HTMLElement];
    expect(latest).toHaveTextContent('Reached 3, counted 1.');
    expect(within(latest).getByText('\u201cYou will love the ending.\u201d')).toBeInTheDocument();
    expect(within(latest).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Carol',
      'Dave (Match already complete)',
      'Erin (Bounced)',
      'Fay (Not sent: Unsubscribed)',
    ]);
    expect(earlier).toHaveTextContent('Reached 1, counted 0.');
    expect(within(earlier).getByRole('listitem')).toHaveTextContent('Bob (Not sent: contact removed)');
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
    expect(screen.getByRole('checkbox', { name: /Carol/ })).toHaveAccessibleName("Carol carol@example.com (Has had today's Crossfeed e-mails)");
    expect(targetsMock).toHaveBeenCalledWith('c1', { offset: 0, limit: expect.any(Number) }, expect.anything());
  });

  it('after a share, shows one toast: the success text, whom it reached, what it counted, whom it skipped and what it released', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    shareMock.mockResolvedValue({
      message: 'Content shared successfully!',
      share_count: 3,
      counted: 1,
      reached: [
        { id: 'k1', name: 'Bob', counted: true },
        { id: 'k2', name: 'Carol', counted: false, reason: 'match_complete' },
      ],
      skipped: [{ id: 'k3', name: 'Dave', reason: 'bounced' }],
      match: { delivered: 5, required: 5, completed: true },
      released: { id: 'mine', title: 'My queued post' },
    });
    const success = vi.spyOn(toast, 'success');
    const info = vi.spyOn(toast, 'info');
    const user = userEvent.setup();
    const { onClose } = renderShare();
    await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
    await user.click(shareButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledTimes(1);
    expect(info).not.toHaveBeenCalled();

    render(<>{success.mock.calls[0]![0] as ReactNode}</>);
    expect(screen.getByText('Content shared successfully!')).toBeInTheDocument();
    expect(screen.getByText('Shared with Bob, Carol.')).toBeInTheDocument();
    expect(screen.getByText('Counted 1 of 2 \u2014 match complete.')).toBeInTheDocument();
    expect(screen.getByText('Not sent: Dave (Bounced).')).toBeInTheDocument();
    expect(screen.getByText('\u201cMy queued post\u201d was released to the exchange.')).toBeInTheDocument();
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
    shareMock.mockResolvedValue({ message: 'Content shared successfully!', share_count: 3, match: MATCH });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { onShared, onClose } = renderShare();

    await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
    await user.click(screen.getByRole('checkbox', { name: /Carol/ }));
    await user.click(shareButton());

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(shareMock).toHaveBeenCalledWith('c1', ['k1', 'k2'], null, { bestTime: false });
    expect(success).toHaveBeenCalledTimes(1);
    render(<>{success.mock.calls[0]![0] as ReactNode}</>);
    expect(screen.getByText('Content shared successfully!')).toBeInTheDocument();
    expect(onShared).toHaveBeenCalledTimes(1);
    expect(onShared.mock.invocationCallOrder[0]).toBeLessThan(onClose.mock.invocationCallOrder[0]!);
  });

  it('toasts every share, two shares of one content in a row included (each toast has an id of its own)', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    shareMock.mockResolvedValue({ message: 'Content shared successfully!', share_count: 3, match: MATCH });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    for (const name of [/Bob/, /Carol/]) {
      const { onClose, unmount } = renderShare();
      await user.click(await screen.findByRole('checkbox', { name }));
      await user.click(shareButton());
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      unmount();
    }
    const ids = success.mock.calls.map(([, options]) => (options as { toastId?: string }).toastId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('loads more contacts into the checklist with "Load more", keeping the ticked ones, and shares with them all', async () => {
    const all = Array.from({ length: 105 }, (_, i): Contact => ({ id: `k${i}`, name: `Person ${i}`, email: `p${i}@example.com`, audience_score: null }));
    contactsMock.mockImplementation(async ({ offset = 0, limit = 100 } = {}) => page(all.slice(offset, offset + limit), all.length));
    shareMock.mockResolvedValue({ message: 'Content shared successfully!', share_count: 2, match: MATCH });
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
    await waitFor(() => expect(shareMock).toHaveBeenCalledWith('c1', ['k0', 'k104'], null, { bestTime: false }));
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

  describe('what a share can still do', () => {
    const DAVE: Contact = { id: 'k3', name: 'Dave', email: 'dave@example.com', audience_score: null };

    it('says before any choice how many more people the match needs and how many the user may still e-mail today', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({ still_needed: 4, email_budget: { limit: 5, used: 1, remaining: 4 }, shares_left_today: 2 }));
      renderShare();
      expect(await screen.findByText('This match needs 4 more people.')).toHaveAttribute('role', 'status');
      expect(screen.getByText('You can e-mail 4 more people today. 2 shares left today.')).toBeInTheDocument();
      expect(summaryMock).toHaveBeenCalledWith('c1', expect.any(AbortSignal));
    });

    it('says a complete match counts nothing more, and names the chosen contacts that will not count', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({ still_needed: 0, match: { delivered: 5, required: 5, completed: true } }));
      const user = userEvent.setup();
      renderShare();
      expect(await screen.findByText('Match complete: shares still reach people but count for nothing more.')).toBeInTheDocument();
      await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
      expect(screen.getByText('Will not count (Match already complete): Bob.')).toBeInTheDocument();
      expect(screen.queryByText(/This share counts/)).not.toBeInTheDocument();
      expect(shareButton()).toBeEnabled();
    });

    it("updates the count as contacts are ticked, and names those past today's sending limit", async () => {
      contactsMock.mockResolvedValue(page([...CONTACTS, DAVE]));
      summaryMock.mockResolvedValue(summary({ still_needed: 4, email_budget: { limit: 5, used: 3, remaining: 2 }, available_contacts: 3, can_finish_match: false }));
      const user = userEvent.setup();
      renderShare();
      await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
      const counts = screen.getByText('This share counts 1 of the 4 still needed.');
      expect(counts.closest('[role="status"]')).not.toBeNull();
      await user.click(screen.getByRole('checkbox', { name: /Carol/ }));
      expect(screen.getByText('This share counts 2 of the 4 still needed.')).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: /Dave/ }));
      expect(screen.getByText('This share counts 2 of the 4 still needed.')).toBeInTheDocument();
      expect(screen.getByText("Will not count (Past today's sending limit): Dave.")).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: /Bob/ }));
      expect(screen.getByText('This share counts 2 of the 4 still needed.')).toBeInTheDocument();
      expect(screen.queryByText(/Will not count/)).not.toBeInTheDocument();
    });

    it('warns when even every contact who can still receive it cannot finish the match, with a way to add contacts', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({ still_needed: 4, available_contacts: 3, can_finish_match: false }));
      const onAddContacts = vi.fn();
      renderShare({ onAddContacts });
      const warning = await screen.findByText('Your contacts who can still receive this (3) cannot finish this match (4 needed). Add contacts to finish it.');
      expect(warning).toHaveAttribute('role', 'status');
      await userEvent.click(screen.getByRole('button', { name: 'Add contacts' }));
      expect(onAddContacts).toHaveBeenCalledTimes(1);
    });

    it("says when today's sending budget, not the contacts, keeps the match from finishing", async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({ still_needed: 4, available_contacts: 10, email_budget: { limit: 5, used: 3, remaining: 2 }, can_finish_match: false }));
      renderShare();
      expect(await screen.findByText('You can e-mail 2 people today, fewer than this match needs (4). Share again tomorrow to finish it.')).toBeInTheDocument();
    });

    it('with "Schedule for later" ticked, the Share (now) button does not stand beside the extra\'s own button', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({}));
      const user = userEvent.setup();
      renderShare({
        renderExtra: ({ onLaterChange }) => (
          <label>
            <input type="checkbox" onChange={(event) => onLaterChange(event.target.checked)} />
            Schedule for later
          </label>
        ),
      });
      const later = await screen.findByRole('checkbox', { name: 'Schedule for later' });
      expect(shareButton()).toBeInTheDocument();
      await user.click(later);
      expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      await user.click(later);
      expect(shareButton()).toBeInTheDocument();
    });

    it('tells a Free user with no share left today before any choice, offers the upgrade and keeps Share disabled', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({ shares_left_today: 0 }));
      const user = userEvent.setup();
      const { onClose, onDailyLimit } = renderShare();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Daily share limit reached. Upgrade to premium for unlimited sharing.');
      // No contact to pick: the choice would be refused anyway.
      await waitFor(() => expect(contactsMock).toHaveBeenCalled());
      expect(screen.queryByRole('checkbox', { name: /Bob/ })).not.toBeInTheDocument();
      expect(shareButton()).toBeDisabled();
      fireEvent.submit(screen.getByRole('form', { name: 'Share content' }));
      expect(shareMock).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(onDailyLimit).toHaveBeenCalledTimes(1);
    });

    it('says why and keeps Share disabled when the content is not live', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({ content_live: false }));
      const user = userEvent.setup();
      renderShare();
      expect(await screen.findByRole('alert')).toHaveTextContent(/not live in the exchange right now/);
      await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
      expect(shareButton()).toBeDisabled();
    });

    it('says why and keeps Share disabled while sending is paused for bounces', async () => {
      const paused = 'Sharing is paused: 3 of your last 20 e-mails bounced or were marked as spam. Remove the 2 contacts marked Bounced to share again.';
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({ sending_paused: paused }));
      const user = userEvent.setup();
      renderShare();
      expect(await screen.findByRole('alert')).toHaveTextContent(paused);
      // The list stays: its reasons (Bounced) say which contacts to remove.
      await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
      expect(shareButton()).toBeDisabled();
    });

    it('still lists the contacts and shares when the summary cannot be read (the server decides)', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockRejectedValue(new ApiError(500, 'Boom'));
      shareMock.mockResolvedValue({ message: 'Content shared successfully!', share_count: 1, match: MATCH });
      const user = userEvent.setup();
      const { onClose } = renderShare();
      await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
      expect(screen.queryByText(/This match needs/)).not.toBeInTheDocument();
      await user.click(shareButton());
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    });

    it('on a 403 (sharing paused) shows the detail in the modal and stays open', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      shareMock.mockRejectedValueOnce(new ApiError(403, 'Sharing is paused: remove the contacts marked Bounced to share again.'));
      const error = vi.spyOn(toast, 'error');
      const user = userEvent.setup();
      const { onClose } = renderShare();
      await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
      await user.click(shareButton());
      expect(await screen.findByText('Sharing is paused: remove the contacts marked Bounced to share again.')).toHaveAttribute('role', 'alert');
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
      expect(onClose).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
    });
  });

  describe('the personal note', () => {
    const noteField = () => screen.getByRole('textbox', { name: 'Why I recommend this (optional)' });

    it('takes at most 280 characters, with a counter, and sends the note with the share', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      shareMock.mockResolvedValue({ message: 'Content shared successfully!', share_count: 1, match: MATCH });
      const user = userEvent.setup();
      const { onClose } = renderShare();
      await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
      await user.click(noteField());
      await user.paste('x'.repeat(300));
      expect(noteField()).toHaveValue('x'.repeat(280));
      expect(screen.getByText('280/280')).toBeInTheDocument();
      expect(noteField()).toHaveAccessibleDescription('280/280');
      await user.type(noteField(), 'y');
      expect(noteField()).toHaveValue('x'.repeat(280));

      await user.click(shareButton());
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(shareMock).toHaveBeenCalledWith('c1', ['k1'], 'x'.repeat(280), { bestTime: false });
    });

    it('keeps the note on one line: Enter adds nothing and a pasted line break becomes a space', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      const user = userEvent.setup();
      renderShare();
      await screen.findByRole('checkbox', { name: /Bob/ });
      await user.type(noteField(), 'Great{Enter}read');
      expect(noteField()).toHaveValue('Greatread');
      await user.clear(noteField());
      await user.paste('Great\r\nread\there');
      // The field makes CRLF one line break first.
      expect(noteField()).toHaveValue('Great read here');
    });
  });

  describe('the e-mail preview', () => {
    const PREVIEW = {
      from: 'Ana via Crossfeed <share@crossfeed.test>',
      reply_to: 'ana@example.com',
      to: 'Bob <bob@example.com>',
      subject: 'Ana recommends: My video',
      text: 'Ana recommends My video.',
      html: '<!doctype html><html><body><p>Ana recommends My video.</p><script>parent.hacked = true</script></body></html>',
    };

    it('shows the e-mail the first chosen contact would get, with the note, in a sandboxed frame', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      previewMock.mockResolvedValue(PREVIEW);
      const user = userEvent.setup();
      renderShare();
      await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
      await user.type(screen.getByRole('textbox', { name: 'Why I recommend this (optional)' }), 'A must-see');
      await user.click(screen.getByRole('button', { name: 'Preview e-mail' }));

      const frame = await screen.findByTitle('The e-mail Bob would receive');
      expect(previewMock).toHaveBeenCalledWith('c1', { note: 'A must-see', contactId: 'k1' }, expect.any(AbortSignal));
      expect(frame.tagName).toBe('IFRAME');
      expect(frame).toHaveAttribute('sandbox', '');
      expect(frame).toHaveAttribute('srcdoc', PREVIEW.html);
      const mail = screen.getByRole('region', { name: 'The e-mail Bob would receive' });
      for (const text of ['From', PREVIEW.from, 'Reply-To', PREVIEW.reply_to, 'Subject', PREVIEW.subject]) {
        expect(within(mail).getByText(text)).toBeInTheDocument();
      }

      // A change after the preview says so.
      await user.type(screen.getByRole('textbox', { name: 'Why I recommend this (optional)' }), '!');
      expect(screen.getByText('The note or the contacts changed since this preview.')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Hide preview' }));
      expect(screen.queryByTitle('The e-mail Bob would receive')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Preview e-mail' })).toHaveFocus();
    });

    it('previews a sample reader before any choice, from the keyboard, with loading and error states', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      let fail!: (error: unknown) => void;
      previewMock.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
      const user = userEvent.setup();
      renderShare();
      await screen.findByRole('checkbox', { name: /Bob/ });
      screen.getByRole('button', { name: 'Preview e-mail' }).focus();
      await user.keyboard('{Enter}');
      expect(screen.getByText('Loading preview...')).toHaveAttribute('role', 'status');
      expect(previewMock).toHaveBeenCalledWith('c1', { note: null }, expect.any(AbortSignal));

      fail(new TypeError('Failed to fetch'));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the e-mail preview.');

      previewMock.mockResolvedValueOnce(PREVIEW);
      await user.keyboard('{Enter}');
      expect(await screen.findByTitle('The e-mail a sample reader would receive')).toHaveAttribute('sandbox', '');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('send at the best time (Premium)', () => {
    it('offers it to Premium only; ticked, the share asks for it and says each e-mail counts when it goes', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({ best_time: true }));
      shareMock.mockResolvedValue({ message: 'Content shared successfully!', share_count: 3, counted: 0, match: MATCH });
      renderShare();
      const option = await screen.findByRole('checkbox', { name: "Send each e-mail at the person's best time" });
      await userEvent.click(screen.getByRole('checkbox', { name: /Bob/ }));
      expect(screen.getByText('This share counts 1 of the 2 still needed.')).toBeInTheDocument();
      await userEvent.click(option);
      expect(screen.getByText('Each e-mail counts when it goes: up to 1 of the 2 still needed.')).toBeInTheDocument();
      await userEvent.click(shareButton());
      await waitFor(() => expect(shareMock).toHaveBeenCalledWith('c1', ['k1'], null, { bestTime: true }));
    });

    it('is not offered to Free users', async () => {
      contactsMock.mockResolvedValue(page(CONTACTS));
      summaryMock.mockResolvedValue(summary({ shares_left_today: 3, best_time: false }));
      renderShare();
      await screen.findByRole('checkbox', { name: /Bob/ });
      expect(screen.queryByRole('checkbox', { name: "Send each e-mail at the person's best time" })).not.toBeInTheDocument();
    });
  });

  it('Cancel closes', async () => {
    contactsMock.mockResolvedValue(page(CONTACTS));
    const { onClose } = renderShare();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

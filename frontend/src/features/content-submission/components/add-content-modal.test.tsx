import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { getContentTypes } from '@/lib/api/content-types';
import { ApiError } from '@/lib/api-client';
import { OWN_CONTENTS_KEY } from '@/lib/api/own-contents';
import { queryClient } from '@/lib/query/query-client';
import { getSubmissionInfo, type SubmissionInfo } from '../api/get-submission-info';
import { submitContent } from '../api/submit-content';
import { AddContentModal } from './add-content-modal';

vi.mock('@/lib/api/content-types', () => ({ getContentTypes: vi.fn() }));
vi.mock('../api/get-submission-info', () => ({ getSubmissionInfo: vi.fn() }));
vi.mock('../api/submit-content', () => ({ submitContent: vi.fn() }));
const typesMock = vi.mocked(getContentTypes);
const infoMock = vi.mocked(getSubmissionInfo);
const submitMock = vi.mocked(submitContent);

const REQUIRED = 'Please fill in all required fields.';
const WEEKLY_LIMIT = 'Weekly submission limit reached. Upgrade to premium for unlimited submissions.';
const FREE_INFO: SubmissionInfo = { weekly_submission_count: 1, last_submission_date: '2026-01-05T10:00:00.000Z', can_submit: true, submissions_remaining: 2 };
const FULL_INFO: SubmissionInfo = { weekly_submission_count: 3, last_submission_date: '2026-01-07T10:00:00.000Z', can_submit: false, submissions_remaining: 0 };
const PREMIUM_INFO: SubmissionInfo = { weekly_submission_count: 7, last_submission_date: null, can_submit: true, submissions_remaining: -1 };
const TYPES = ['article', 'video', 'podcast'];

/** What the modal asks of the query cache: the own contents, shown elsewhere, are invalidated after an add. */
let invalidate: ReturnType<typeof vi.spyOn>;
const ownContentsInvalidated = () => invalidate.mock.calls.filter(([filters]: unknown[]) => JSON.stringify(filters) === JSON.stringify({ queryKey: OWN_CONTENTS_KEY }));

function renderModal(onClose = vi.fn(), onUpgrade = vi.fn()) {
  const view = render(
    <MemoryRouter>
      <AddContentModal open onClose={onClose} onUpgrade={onUpgrade} />
    </MemoryRouter>,
  );
  return { onClose, ...view };
}

const dialog = () => screen.getByRole('dialog', { name: 'Add New Content' });
const submitButton = () => screen.getByRole('button', { name: 'Add Content' });
const field = (label: string | RegExp) => within(dialog()).getByLabelText(label);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Title'), 'My first post');
  await user.type(field('URL'), 'https://example.com/a');
  await user.selectOptions(await waitFor(() => {
    const select = field('Content type');
    expect(select).toBeEnabled();
    return select;
  }), 'video');
  await user.click(screen.getByRole('checkbox', { name: 'Technology' }));
}

describe('AddContentModal', () => {
  beforeEach(() => {
    typesMock.mockReset().mockResolvedValue(TYPES);
    infoMock.mockReset().mockResolvedValue(FREE_INFO);
    submitMock.mockReset();
    invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  });

  describe('submission info', () => {
    it("shows 'Loading submission info...', then what is left this week and the Free limit", async () => {
      let resolve!: (info: SubmissionInfo) => void;
      infoMock.mockReturnValue(new Promise((done) => (resolve = done)));
      renderModal();
      expect(dialog()).toBeInTheDocument();
      expect(screen.getByText('Loading submission info...')).toBeInTheDocument();
      resolve(FREE_INFO);
      const quota = await screen.findByRole('region', { name: 'Submissions' });
      expect(quota).toHaveTextContent('Submissions left this week: 2');
      expect(quota).toHaveTextContent('Free plan: 3 submissions per week. Premium: unlimited.');
      expect(screen.queryByText('Loading submission info...')).not.toBeInTheDocument();
      expect(submitButton()).toBeEnabled();
    });

    it("shows 'Unlimited' for Premium (a remaining count of -1)", async () => {
      infoMock.mockResolvedValue(PREMIUM_INFO);
      renderModal();
      const quota = await screen.findByRole('region', { name: 'Submissions' });
      expect(quota).toHaveTextContent('Submissions left this week: Unlimited');
      expect(quota).toHaveTextContent('Premium: unlimited submissions.');
      expect(quota).not.toHaveTextContent('Free plan');
    });

    it("at the limit shows the SPEC text, disables the form, and offers 'Upgrade to Premium'", async () => {
      infoMock.mockResolvedValue(FULL_INFO);
      const user = userEvent.setup();
      const onUpgrade = vi.fn();
      renderModal(vi.fn(), onUpgrade);
      const quota = await screen.findByRole('region', { name: 'Submissions' });
      expect(within(quota).getByRole('alert')).toHaveTextContent(WEEKLY_LIMIT);
      expect(quota).toHaveTextContent('Submissions left this week: 0');
      expect(submitButton()).toBeDisabled();
      expect(field('Title')).toBeDisabled();

      expect(onUpgrade).not.toHaveBeenCalled();
      await user.click(within(quota).getByRole('button', { name: 'Upgrade to Premium' }));
      expect(onUpgrade).toHaveBeenCalledTimes(1);
    });

    it("on failure shows the server's message or 'Failed to fetch submission info.' with a toast, and still allows submitting", async () => {
      const error = vi.spyOn(toast, 'error');
      infoMock.mockRejectedValueOnce(new ApiError(503, 'Try again soon.'));
      const { unmount } = renderModal();
      expect(await screen.findByRole('alert')).toHaveTextContent('Try again soon.');
      expect(error).toHaveBeenCalledWith('Failed to fetch submission info.', expect.anything());
      unmount();

      infoMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      renderModal();
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch submission info.');
      expect(submitButton()).toBeEnabled();
    });
  });

  describe('content types', () => {
    it("lists the server's content types after 'Loading content types...'", async () => {
      let resolve!: (types: string[]) => void;
      typesMock.mockReturnValue(new Promise((done) => (resolve = done)));
      renderModal();
      expect(field('Content type')).toBeDisabled();
      expect(within(field('Content type')).getByRole('option', { name: 'Loading content types...' })).toBeInTheDocument();
      resolve(TYPES);
      await waitFor(() => expect(field('Content type')).toBeEnabled());
      expect(within(field('Content type')).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Select a content type',
        'Article',
        'Video',
        'Podcast',
      ]);
    });

    it("says 'Failed to load content types.' and offers the domain's list when the call fails", async () => {
      typesMock.mockRejectedValue(new TypeError('Failed to fetch'));
      renderModal();
      expect(await screen.findByText('Failed to load content types.')).toBeInTheDocument();
      const options = within(field('Content type')).getAllByRole('option');
      expect(options).toHaveLength(18);
      expect(options[1]).toHaveTextContent('Article');
      expect(options[17]).toHaveTextContent('Blog');
    });
  });

  describe('validation', () => {
    it('labels every field; the description is optional', async () => {
      renderModal();
      for (const label of ['Title', 'URL', 'Content type', 'Other categories']) expect(field(label)).toBeInTheDocument();
      expect(field(/Description/)).not.toBeRequired();
      expect(field('Title')).toBeRequired();
      expect(within(screen.getByRole('group', { name: 'Categories' })).getAllByRole('checkbox')).toHaveLength(11);
      await screen.findByRole('region', { name: 'Submissions' });
    });

    const cases: [string, (user: ReturnType<typeof userEvent.setup>) => Promise<void>][] = [
      ['no title', (user) => user.clear(field('Title'))],
      ['a blank title', async (user) => { await user.clear(field('Title')); await user.type(field('Title'), '   '); }],
      ['no url', (user) => user.clear(field('URL'))],
      ['an invalid url', async (user) => { await user.clear(field('URL')); await user.type(field('URL'), 'not a url'); }],
      ['a non-http url', async (user) => { await user.clear(field('URL')); await user.type(field('URL'), 'ftp://example.com/file'); }],
      ['no content type', (user) => user.selectOptions(field('Content type'), '')],
      ['no category', (user) => user.click(screen.getByRole('checkbox', { name: 'Technology' }))],
    ];
    it.each(cases)(`refuses %s with '${REQUIRED}' and sends nothing`, async (_case, breakIt) => {
      const user = userEvent.setup();
      renderModal();
      await fillValid(user);
      await breakIt(user);
      await user.click(submitButton());
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(REQUIRED);
      expect(submitMock).not.toHaveBeenCalled();
    });

    it('accepts a typed category instead of a checked one, and clears the message on change', async () => {
      submitMock.mockResolvedValue({ id: 'c1' } as ContentDto);
      const user = userEvent.setup();
      renderModal();
      await fillValid(user);
      await user.click(screen.getByRole('checkbox', { name: 'Technology' }));
      await user.click(submitButton());
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(REQUIRED);
      await user.type(field('Other categories'), ' Cooking , Baking ');
      expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      await user.click(submitButton());
      await waitFor(() => expect(submitMock).toHaveBeenCalledTimes(1));
      expect(submitMock.mock.calls[0]![0].categories).toEqual(['cooking', 'baking']);
    });

    it('caps the lengths with the domain limits', () => {
      renderModal();
      expect(field('Title')).toHaveAttribute('maxLength', '200');
      expect(field('URL')).toHaveAttribute('maxLength', '2048');
      expect(field(/Description/)).toHaveAttribute('maxLength', '2000');
    });
  });

  describe('submitting', () => {
    it("sends the SPEC payload, toasts 'Content added successfully!', refreshes the own contents and closes", async () => {
      let resolve!: (content: ContentDto) => void;
      submitMock.mockReturnValue(new Promise((done) => (resolve = done)));
      const success = vi.spyOn(toast, 'success');
      const user = userEvent.setup();
      const { onClose } = renderModal();
      await fillValid(user);
      await user.type(field(/Description/), '  About it  ');
      await user.click(screen.getByRole('checkbox', { name: 'AI' }));
      await user.click(submitButton());

      expect(submitMock).toHaveBeenCalledWith({
        title: 'My first post',
        description: 'About it',
        url: 'https://example.com/a',
        content_type: 'video',
        categories: ['technology', 'ai'],
      });
      expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
      expect(field('Title')).toBeDisabled();
      fireEvent.submit(screen.getByRole('form', { name: 'Add content' }));
      expect(submitMock).toHaveBeenCalledTimes(1);

      resolve({ id: 'c1' } as ContentDto);
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(success).toHaveBeenCalledWith('Content added successfully!', expect.anything());
      expect(ownContentsInvalidated()).toHaveLength(1);
    });

    it("shows the server's detail and toasts 'Failed to add content.' on failure, staying open", async () => {
      const error = vi.spyOn(toast, 'error');
      submitMock.mockRejectedValueOnce(new ApiError(400, 'Title must be at most 200 characters.'));
      const user = userEvent.setup();
      const { onClose } = renderModal();
      await fillValid(user);
      await user.click(submitButton());

      expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Title must be at most 200 characters.');
      expect(error).toHaveBeenCalledWith('Failed to add content.', expect.anything());
      expect(submitButton()).toBeEnabled();
      expect(field('Title')).toHaveValue('My first post');

      submitMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await user.click(submitButton());
      await waitFor(() => expect(within(dialog()).getByRole('alert')).toHaveTextContent('Failed to add content.'));
      expect(onClose).not.toHaveBeenCalled();
      expect(ownContentsInvalidated()).toHaveLength(0);
    });

    it('on the weekly limit (429) shows the limit with the upgrade and disables submitting', async () => {
      const error = vi.spyOn(toast, 'error');
      submitMock.mockRejectedValue(new ApiError(429, WEEKLY_LIMIT));
      const user = userEvent.setup();
      const { onClose } = renderModal();
      await fillValid(user);
      await user.click(submitButton());

      const quota = await screen.findByRole('region', { name: 'Submissions' });
      await waitFor(() => expect(within(quota).getByRole('alert')).toHaveTextContent(WEEKLY_LIMIT));
      expect(quota).toHaveTextContent('Submissions left this week: 0');
      expect(within(quota).getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
      expect(submitButton()).toBeDisabled();
      expect(error).toHaveBeenCalledWith(WEEKLY_LIMIT, expect.anything());
      expect(onClose).not.toHaveBeenCalled();
    });

    it('starts from an empty form at every opening and fetches the info again', async () => {
      const user = userEvent.setup();
      const onClose = vi.fn();
      const tree = (open: boolean) => (
        <MemoryRouter>
          <AddContentModal open={open} onClose={onClose} onUpgrade={vi.fn()} />
        </MemoryRouter>
      );
      const { rerender } = render(tree(true));
      await user.type(field('Title'), 'Draft');
      rerender(tree(false));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      rerender(tree(true));
      expect(field('Title')).toHaveValue('');
      await waitFor(() => expect(infoMock).toHaveBeenCalledTimes(2));
      expect(typesMock).toHaveBeenCalledTimes(2);
    });

    it('Cancel closes', async () => {
      const { onClose } = renderModal();
      await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      expect(onClose).toHaveBeenCalledTimes(1);
    });
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { flagContent } from '../api/flag-content';
import { FlagContentModal } from './flag-content-modal';

vi.mock('../api/flag-content', () => ({ flagContent: vi.fn() }));
const flagMock = vi.mocked(flagContent);

const reasonBox = () => screen.getByLabelText('Why are you flagging this content?');
const flagButton = () => screen.getByRole('button', { name: 'Flag' });

describe('FlagContentModal', () => {
  beforeEach(() => {
    flagMock.mockReset();
  });

  it('shows a required reason box with its placeholder, Flag and Cancel', () => {
    render(<FlagContentModal open contentId="c1" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Flag content' })).toBeInTheDocument();
    expect(reasonBox()).toBeRequired();
    expect(reasonBox()).toHaveAttribute('placeholder', 'Describe the issue…');
    expect(reasonBox()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(flagButton()).toBeDisabled();
  });

  it('does not submit a blank or whitespace-only reason', async () => {
    const user = userEvent.setup();
    render(<FlagContentModal open contentId="c1" onClose={() => {}} />);
    await user.type(reasonBox(), '   ');
    expect(flagButton()).toBeDisabled();
    await user.type(reasonBox(), '{Enter}');
    await user.click(flagButton());
    expect(flagMock).not.toHaveBeenCalled();
  });

  it("flags with the trimmed reason, toasts 'Content flagged successfully.' and closes", async () => {
    flagMock.mockResolvedValue({ id: 'f1', content_id: 'c1', reason: 'Spam', created_at: '', message: '' });
    const success = vi.spyOn(toast, 'success');
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<FlagContentModal open contentId="c1" onClose={onClose} />);

    await user.type(reasonBox(), '  Spam  ');
    await user.click(flagButton());

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(flagMock).toHaveBeenCalledWith('c1', 'Spam');
    expect(success).toHaveBeenCalledWith('Content flagged successfully.', expect.anything());
  });

  it("shows the server's message, or 'Failed to flag content.'", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<FlagContentModal open contentId="c1" onClose={onClose} />);
    await user.type(reasonBox(), 'Spam');

    flagMock.mockRejectedValueOnce(new ApiError(404, 'Content not found.'));
    await user.click(flagButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Content not found.');

    flagMock.mockRejectedValueOnce(new ApiError(500, undefined));
    await user.click(flagButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to flag content.'));

    flagMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(flagButton());
    await waitFor(() => expect(flagMock).toHaveBeenCalledTimes(3));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to flag content.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('clears the text when the modal closes', async () => {
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <FlagContentModal open={open} contentId="c1" onClose={() => setOpen(false)} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(reasonBox(), 'Spam');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(reasonBox()).toHaveValue('');
  });
});

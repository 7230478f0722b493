import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { previewShareEmail, type SharePreview } from '../api/preview-share-email';
import { PREVIEW_LOADING, PREVIEW_STALE } from '../messages';
import { ShareEmailPreview } from './share-email-preview';

vi.mock('../api/preview-share-email', () => ({ previewShareEmail: vi.fn() }));
const previewMock = vi.mocked(previewShareEmail);

const PREVIEW: SharePreview = {
  from: 'Ana via Crossfeed <share@crossfeed.test>',
  reply_to: 'ana@example.com',
  to: 'Bob <bob@example.com>',
  subject: 'Ana recommends: My video',
  text: 'Ana recommends My video.',
  html: '<!doctype html><html><body><p>Ana recommends My video.</p></body></html>',
};
const BOB = { id: 'k1', name: 'Bob' };

const previewButton = () => screen.getByRole('button', { name: 'Preview e-mail' });

describe('ShareEmailPreview', () => {
  beforeEach(() => previewMock.mockReset());

  it('asks for nothing until "Preview e-mail" is pressed', () => {
    render(<ShareEmailPreview contentId="c1" note={null} contact={BOB} />);
    expect(previewMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('asks again, from its loading state, at each press, and for the note and contact as they stand', async () => {
    let answer!: (preview: SharePreview) => void;
    previewMock
      .mockResolvedValueOnce(PREVIEW)
      .mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
      .mockReturnValueOnce(new Promise(() => {}));
    const user = userEvent.setup();
    const { rerender } = render(<ShareEmailPreview contentId="c1" note="Hi" contact={BOB} />);
    await user.click(previewButton());
    expect(await screen.findByTitle('The e-mail Bob would receive')).toBeInTheDocument();

    rerender(<ShareEmailPreview contentId="c1" note="Hi!" contact={BOB} />);
    expect(screen.getByText(PREVIEW_STALE)).toBeInTheDocument();
    await user.click(previewButton());
    expect(screen.getByText(PREVIEW_LOADING)).toBeInTheDocument();
    expect(screen.queryByTitle('The e-mail Bob would receive')).not.toBeInTheDocument();
    // Pressed again while it loads: nothing more is asked.
    await user.click(previewButton());
    answer({ ...PREVIEW, subject: 'Second' });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByText(PREVIEW_STALE)).not.toBeInTheDocument();

    await user.click(previewButton());
    expect(await screen.findByText(PREVIEW_LOADING)).toBeInTheDocument();
    expect(previewMock.mock.calls.map(([id, request]) => [id, request])).toEqual([
      ['c1', { note: 'Hi', contactId: 'k1' }],
      ['c1', { note: 'Hi!', contactId: 'k1' }],
      ['c1', { note: 'Hi!', contactId: 'k1' }],
    ]);
  });

  it("shows the server's detail, and Hide preview closes it and gives the focus back; the next press asks again", async () => {
    previewMock.mockRejectedValueOnce(new ApiError(404, 'Content not found.')).mockResolvedValueOnce(PREVIEW);
    const user = userEvent.setup();
    render(<ShareEmailPreview contentId="c1" note={null} contact={null} />);
    await user.click(previewButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Content not found.');
    await user.click(screen.getByRole('button', { name: 'Hide preview' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(previewButton()).toHaveFocus();

    await user.click(previewButton());
    expect(await screen.findByTitle('The e-mail a sample reader would receive')).toBeInTheDocument();
    expect(previewMock).toHaveBeenCalledTimes(2);
    expect(previewMock).toHaveBeenLastCalledWith('c1', { note: null }, expect.any(AbortSignal));
  });
});

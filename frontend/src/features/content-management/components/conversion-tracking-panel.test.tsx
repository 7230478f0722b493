import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getConversionSnippet, rotateConversionSnippet } from '../api/conversion-snippet';
import { ConversionTrackingPanel } from './conversion-tracking-panel';

vi.mock('../api/conversion-snippet', () => ({ getConversionSnippet: vi.fn(), rotateConversionSnippet: vi.fn() }));
const getMock = vi.mocked(getConversionSnippet);
const rotateMock = vi.mocked(rotateConversionSnippet);

const snippet = (token: string) => ({
  content_id: 'c1',
  token,
  endpoint: 'https://crossfeed.example/track/conversion',
  snippet: `<script>/* token: "${token}" */</script>`,
});
const panel = () => screen.getByRole('region', { name: 'Track conversions: My post' });

describe('ConversionTrackingPanel', () => {
  beforeEach(() => {
    getMock.mockReset();
    rotateMock.mockReset();
  });

  it('explains tracking in plain words and copies the snippet', async () => {
    getMock.mockResolvedValue(snippet('c1.secret'));
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    render(<ConversionTrackingPanel contentId="c1" title="My post" onClose={vi.fn()} />);
    expect(within(panel()).getByRole('status')).toHaveTextContent('Loading the tracking snippet...');
    const field = await within(panel()).findByLabelText('Tracking snippet');
    expect(field).toHaveValue('<script>/* token: "c1.secret" */</script>');
    expect(field).toHaveAttribute('readonly');
    expect(panel()).toHaveTextContent(/Paste this snippet into the pages of your own site/);
    expect(getMock).toHaveBeenCalledWith('c1', expect.any(AbortSignal));

    await user.click(within(panel()).getByRole('button', { name: 'Copy snippet' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('<script>/* token: "c1.secret" */</script>'));
    expect(success).toHaveBeenCalledWith('Snippet copied!', expect.anything());
  });

  it('"New token" asks first, then shows the rotated snippet', async () => {
    getMock.mockResolvedValue(snippet('c1.old'));
    rotateMock.mockResolvedValue(snippet('c1.new'));
    const user = userEvent.setup();
    render(<ConversionTrackingPanel contentId="c1" title="My post" onClose={vi.fn()} />);
    await within(panel()).findByLabelText('Tracking snippet');
    await user.click(within(panel()).getByRole('button', { name: 'New token' }));
    const confirm = screen.getByRole('dialog', { name: 'New tracking token' });
    expect(confirm).toHaveTextContent('stops working');
    expect(rotateMock).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'New token' }));
    await waitFor(() => expect(within(panel()).getByLabelText('Tracking snippet')).toHaveValue('<script>/* token: "c1.new" */</script>'));
    expect(rotateMock).toHaveBeenCalledWith('c1');
  });

  it("shows the server's message with Retry when the snippet cannot be loaded", async () => {
    let answer!: (value: ReturnType<typeof snippet>) => void;
    getMock.mockRejectedValueOnce(new ApiError(404, 'Content not found.')).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render(<ConversionTrackingPanel contentId="c1" title="My post" onClose={vi.fn()} />);
    expect(await within(panel()).findByText('Content not found.')).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: /Retry/ }));
    expect(within(panel()).getByRole('status')).toHaveTextContent('Loading the tracking snippet...');
    answer(snippet('c1.t'));
    expect(await within(panel()).findByLabelText('Tracking snippet')).toBeInTheDocument();
    expect(getMock).toHaveBeenCalledTimes(2);
  });
});

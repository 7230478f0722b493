import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReferralLinkModal } from './referral-link-modal';

const LINK = `${window.location.origin}/waitlist?ref=ABCD2345`;

function stubNavigator(name: 'clipboard' | 'share', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

function renderModal(props: Partial<Parameters<typeof ReferralLinkModal>[0]> = {}) {
  const onClose = vi.fn();
  const onFindPosition = vi.fn();
  render(<ReferralLinkModal open onClose={onClose} referralCode="ABCD2345" onFindPosition={onFindPosition} {...props} />);
  return { onClose, onFindPosition };
}

describe('ReferralLinkModal', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(navigator, 'share');
  });

  it('shows the link /waitlist?ref={code} and the code', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Referral link' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your referral link')).toHaveValue(LINK);
    expect(screen.getByLabelText('Your referral link')).toHaveAttribute('readonly');
    expect(screen.getByText('ABCD2345')).toBeInTheDocument();
  });

  it("copies the link and toasts 'Referral link copied!'", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator('clipboard', { writeText });
    const success = vi.spyOn(toast, 'success');
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Referral link copied!', expect.anything()));
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it("toasts 'Copy failed.' when the clipboard refuses or is missing", async () => {
    stubNavigator('clipboard', { writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    const error = vi.spyOn(toast, 'error');
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Copy failed.', expect.anything()));

    stubNavigator('clipboard', undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
  });

  it('without the Clipboard API copies by selecting the link field', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
    const success = vi.spyOn(toast, 'success');
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Referral link copied!', expect.anything()));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByLabelText('Your referral link')).toHaveFocus();
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('offers Share only where the browser can share', () => {
    renderModal();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it("shares the link and toasts 'Referral link shared!'", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator('share', share);
    const success = vi.spyOn(toast, 'success');
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Referral link shared!', expect.anything()));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }));
  });

  it("toasts 'Share failed.' on a failure, and nothing when the visitor dismisses the share sheet", async () => {
    const share = vi.fn().mockRejectedValueOnce(new DOMException('cancelled', 'AbortError')).mockRejectedValueOnce(new Error('nope'));
    stubNavigator('share', share);
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    renderModal();

    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(error).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Share failed.', expect.anything()));
    expect(error).toHaveBeenCalledTimes(1);
    expect(success).not.toHaveBeenCalled();
  });

  it('without a code, explains how to get one (join, or the e-mailed link) and offers the position lookup', () => {
    const { onFindPosition } = renderModal({ referralCode: null });
    expect(screen.getByText('Join the waitlist, or open the link we e-mailed you, to get your personal referral link.')).toBeInTheDocument();
    expect(screen.getByText(/we will e-mail you a link to your entry/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Look up my position' }));
    expect(onFindPosition).toHaveBeenCalledTimes(1);
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { ReferralLinkModal } from './referral-link-modal';

const LINK = `${window.location.origin}/waitlist?ref=ALICE-REF`;

function signIn(referralCode: string | null = 'ALICE-REF') {
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ referral_code: referralCode }));
}

function setNavigator(name: 'clipboard' | 'share', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

function renderModal() {
  const onClose = vi.fn();
  return { onClose, ...render(<ReferralLinkModal open onClose={onClose} />) };
}

const copyButton = () => screen.getByRole('button', { name: /Copy link|Copied!/ });

describe('ReferralLinkModal', () => {
  afterEach(() => {
    setNavigator('clipboard', undefined);
    setNavigator('share', undefined);
    vi.useRealTimers();
  });

  it("shows the link /waitlist?ref={referral_code} on this site's origin", () => {
    signIn();
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Referral Link' })).toBeInTheDocument();
    const input = screen.getByLabelText('Your referral link');
    expect(input).toHaveValue(LINK);
    expect(input).toHaveAttribute('readonly');
  });

  it("copies the link, confirms with 'Copied!' and the toast 'Referral link copied!', then reads 'Copy link' again", async () => {
    signIn();
    const writeText = vi.fn(async () => {});
    setNavigator('clipboard', { writeText });
    const success = vi.spyOn(toast, 'success');
    vi.useFakeTimers();
    renderModal();

    await act(async () => {
      fireEvent.click(copyButton());
    });
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(copyButton()).toHaveTextContent('Copied!');
    expect(success).toHaveBeenCalledWith('Referral link copied!', expect.anything());

    act(() => vi.advanceTimersByTime(2000));
    expect(copyButton()).toHaveTextContent('Copy link');
  });

  it("toasts 'Failed to copy referral link.' when copying is impossible", async () => {
    signIn();
    setNavigator('clipboard', { writeText: vi.fn(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError'))) });
    const error = vi.spyOn(toast, 'error');
    renderModal();

    fireEvent.click(copyButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to copy referral link.', expect.anything()));
    expect(copyButton()).toHaveTextContent('Copy link');
  });

  it('offers Share only where the browser can share', () => {
    signIn();
    const { unmount } = renderModal();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    unmount();

    setNavigator('share', vi.fn(async () => {}));
    renderModal();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it("shares the link and toasts 'Referral link shared successfully!'", async () => {
    signIn();
    const share = vi.fn(async () => {});
    setNavigator('share', share);
    const success = vi.spyOn(toast, 'success');
    renderModal();

    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Referral link shared successfully!', expect.anything()));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }));
  });

  it("toasts 'Failed to share referral link.' on a failure, and nothing when the user dismisses the sheet", async () => {
    signIn();
    const share = vi.fn();
    setNavigator('share', share);
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    renderModal();

    share.mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled());
    expect(share).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();

    share.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to share referral link.', expect.anything()));
    expect(success).not.toHaveBeenCalled();
  });

  it("shows 'No referral code available.' without a referral code, and no Copy or Share", () => {
    signIn(null);
    setNavigator('share', vi.fn());
    renderModal();
    expect(screen.getByText('No referral code available.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your referral link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy link|Share/ })).not.toBeInTheDocument();
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { joinWaitlist, type WaitlistSignup } from '../api/join-waitlist';
import { WaitlistSignupForm } from './waitlist-signup-form';

vi.mock('../api/join-waitlist', () => ({ joinWaitlist: vi.fn() }));
const joinMock = vi.mocked(joinWaitlist);

const ENTRY: WaitlistSignup = { position: 12, referrals: 0, referral_code: 'ABCD2345' };

function renderForm(referralCode: string | null = null) {
  const onJoined = vi.fn();
  render(<WaitlistSignupForm referralCode={referralCode} onJoined={onJoined} />);
  return { onJoined };
}

const nameField = () => screen.getByLabelText('Name');
const emailField = () => screen.getByLabelText('Email');
const submit = () => screen.getByRole('button', { name: 'Join the Waitlist' });

function fillAndSubmit(name: string, email: string) {
  fireEvent.change(nameField(), { target: { value: name } });
  fireEvent.change(emailField(), { target: { value: email } });
  fireEvent.click(submit());
}

describe('WaitlistSignupForm', () => {
  beforeEach(() => {
    joinMock.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has a labelled name (max 32) and email (max 64) field', () => {
    renderForm();
    expect(nameField()).toHaveAttribute('maxLength', '32');
    expect(emailField()).toHaveAttribute('maxLength', '64');
    expect(emailField()).toHaveAttribute('type', 'email');
  });

  it("asks for both name and email before calling the server: 'Please enter both name and email.'", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(emailField(), 'ada@example.com');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both name and email.');

    await user.clear(emailField());
    await user.type(nameField(), 'Ada');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both name and email.');
    expect(joinMock).not.toHaveBeenCalled();
  });

  it("refuses an invalid email with 'Please enter a valid email address.'", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(nameField(), 'Ada');
    await user.type(emailField(), 'ada@example');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(joinMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed email and the referral code as referred_by, never the name', async () => {
    joinMock.mockResolvedValue(ENTRY);
    const { onJoined } = renderForm('FRIEND42');
    expect(screen.getByText('FRIEND42')).toBeInTheDocument();

    fillAndSubmit('Ada', '  ada@example.com ');
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith(ENTRY, 'ada@example.com'));
    expect(joinMock).toHaveBeenCalledWith({ email: 'ada@example.com', referred_by: 'FRIEND42' });
  });

  it('sends referred_by null without a referral code', async () => {
    joinMock.mockResolvedValue(ENTRY);
    const { onJoined } = renderForm(null);
    fillAndSubmit('Ada', 'ada@example.com');
    await waitFor(() => expect(onJoined).toHaveBeenCalled());
    expect(joinMock).toHaveBeenCalledWith({ email: 'ada@example.com', referred_by: null });
  });

  it("reads 'Joining...' and is disabled while the call runs", async () => {
    let resolve!: (entry: WaitlistSignup) => void;
    joinMock.mockReturnValue(new Promise((done) => (resolve = done)));
    renderForm();
    fillAndSubmit('Ada', 'ada@example.com');
    expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
    await act(async () => resolve(ENTRY));
    expect(submit()).toBeEnabled();
  });

  it("toasts 'Almost there!…' at once, then the confirmation reminder after 1000 ms for 8000 ms", async () => {
    vi.useFakeTimers();
    const success = vi.spyOn(toast, 'success');
    const info = vi.spyOn(toast, 'info');
    joinMock.mockResolvedValue(ENTRY);
    const { onJoined } = renderForm();

    fillAndSubmit('Ada', 'ada@example.com');
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(onJoined).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Almost there! Check your email to confirm your spot.', expect.anything());
    expect(info).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(info).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(
      'You need to confirm your email to secure your position on the waitlist.',
      expect.objectContaining({ autoClose: 8000 }),
    );
  });

  it("shows the server's detail, or 'Failed to join the waitlist.' when it sent none, and no success toast", async () => {
    const success = vi.spyOn(toast, 'success');
    joinMock.mockRejectedValueOnce(new ApiError(400, 'Please enter a valid email address.'));
    const { onJoined } = renderForm();
    fillAndSubmit('Ada', 'ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');

    joinMock.mockRejectedValueOnce(new ApiError(500, undefined));
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to join the waitlist.'));
    expect(success).not.toHaveBeenCalled();
    expect(onJoined).not.toHaveBeenCalled();
  });

  it("shows 'Network error. Please check your connection.' without an answer, and 'An unexpected error occurred.' otherwise", async () => {
    joinMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderForm();
    fillAndSubmit('Ada', 'ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');

    joinMock.mockRejectedValueOnce(new Error('boom'));
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred.'));
  });
});

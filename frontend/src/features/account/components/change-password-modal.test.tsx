import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { updatePassword } from '../api/update-password';
import { ChangePasswordModal } from './change-password-modal';

vi.mock('../api/update-password', () => ({ updatePassword: vi.fn() }));
const updateMock = vi.mocked(updatePassword);

function renderModal() {
  const onClose = vi.fn();
  const view = render(<ChangePasswordModal open onClose={onClose} />);
  return { onClose, ...view };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirmation: string) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirmation) await user.type(screen.getByLabelText('Confirm new password'), confirmation);
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Update Password' }));

describe('ChangePasswordModal', () => {
  beforeEach(() => {
    updateMock.mockReset();
  });

  it("is titled 'Change Password' with current, new and confirm password fields", () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
    }
  });

  it("asks for all three fields with 'Please fill in all required fields.' and sends nothing", async () => {
    const user = userEvent.setup();
    renderModal();
    await fill(user, 'Old!Pass1', 'N3w!Password', '');
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    expect(updateMock).not.toHaveBeenCalled();
  });

  it("refuses different new passwords with 'New passwords do not match.'", async () => {
    const user = userEvent.setup();
    renderModal();
    await fill(user, 'Old!Pass1', 'N3w!Password', 'N3w!Passwore');
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent('New passwords do not match.');
    expect(updateMock).not.toHaveBeenCalled();
  });

  it('refuses a Weak new password with the SPEC text, and shows the strength while typing', async () => {
    const user = userEvent.setup();
    renderModal();
    await fill(user, 'Old!Pass1', 'abcdefgh', 'abcdefgh');
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Password is too weak. Please use a stronger password.');
    expect(updateMock).not.toHaveBeenCalled();
  });

  it("posts current_password and new_password, toasts the server's message and closes", async () => {
    updateMock.mockResolvedValue({ message: 'Password updated successfully.' });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await fill(user, 'Old!Pass1', 'N3w!Password', 'N3w!Password');
    await submit(user);

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(updateMock).toHaveBeenCalledWith({ current_password: 'Old!Pass1', new_password: 'N3w!Password' });
    expect(success).toHaveBeenCalledWith('Password updated successfully.', expect.anything());
  });

  it('keeps the session going with the fresh token the server answers (the change revoked the old one)', async () => {
    const user = makeUser();
    const oldToken = makeJwt(Math.floor(Date.now() / 1000) + 3600);
    const freshToken = makeJwt(Math.floor(Date.now() / 1000) + 7200);
    useAppStore.getState().login(oldToken, user);
    updateMock.mockResolvedValue({ message: 'Password updated successfully.', access_token: freshToken });
    const actor = userEvent.setup();
    const { onClose } = renderModal();
    await fill(actor, 'Old!Pass1', 'N3w!Password', 'N3w!Password');
    await submit(actor);

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(useAppStore.getState().token).toBe(freshToken);
    expect(useAppStore.getState().user?.id).toBe(user.id);
    expect(localStorage.getItem('token')).toBe(freshToken);
    useAppStore.getState().logout();
  });

  it("shows the server's detail, else 'Failed to update password.', and stays open", async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await fill(user, 'Wrong!Pass1', 'N3w!Password', 'N3w!Password');

    updateMock.mockRejectedValueOnce(new ApiError(400, 'Current password is incorrect.'));
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect.');

    updateMock.mockRejectedValueOnce(new ApiError(500, undefined));
    await submit(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update password.'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows 'An unexpected error occurred. Please try again later.' when no answer comes", async () => {
    updateMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderModal();
    await fill(user, 'Old!Pass1', 'N3w!Password', 'N3w!Password');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again later.');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeEnabled();
  });

  it('clears the fields when it closes, and Cancel closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { rerender } = render(<ChangePasswordModal open onClose={onClose} />);
    await fill(user, 'Old!Pass1', 'N3w!Password', 'x');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(<ChangePasswordModal open={false} onClose={onClose} />);
    rerender(<ChangePasswordModal open onClose={onClose} />);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
  });
});

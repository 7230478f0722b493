import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDeletionModal } from './confirm-deletion-modal';

describe('ConfirmDeletionModal', () => {
  it("shows 'Confirm Deletion' with the message, Cancel focused first, and confirms", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDeletionModal open message="Delete this?" onConfirm={onConfirm} onCancel={onCancel} />);

    expect(screen.getByRole('dialog', { name: 'Confirm Deletion' })).toHaveTextContent('Delete this?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('takes its own title and confirm label, and Cancel or Escape cancel', async () => {
    const onCancel = vi.fn();
    render(<ConfirmDeletionModal open title="Remove contact" confirmLabel="Remove" message="Sure?" onConfirm={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: 'Remove contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it("while busy reads 'Deleting...', disables both buttons and ignores Escape", async () => {
    const onCancel = vi.fn();
    render(<ConfirmDeletionModal open busy message="Sure?" onConfirm={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    screen.getByRole('dialog').focus();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows an error under the message', () => {
    render(<ConfirmDeletionModal open message="Sure?" error="Failed to delete content." onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete content.');
  });

  it('renders nothing when closed', () => {
    render(<ConfirmDeletionModal open={false} message="Sure?" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

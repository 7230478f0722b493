import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

const BASE = { open: true, title: 'Confirm Deletion', message: 'Delete this?', confirmLabel: 'Delete' };

describe('ConfirmDialog', () => {
  it('shows the title and message with Cancel focused first, and confirms', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog {...BASE} onConfirm={onConfirm} onCancel={onCancel} />);

    expect(screen.getByRole('dialog', { name: 'Confirm Deletion' })).toHaveTextContent('Delete this?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('uses the danger button only for a destructive action', () => {
    const { rerender } = render(<ConfirmDialog {...BASE} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('button-primary');
    rerender(<ConfirmDialog {...BASE} danger onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('button-danger');
  });

  it('cancels with Cancel, Escape and the close button', async () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog {...BASE} title="Remove contact" confirmLabel="Remove" onConfirm={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: 'Remove contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(3);
  });

  it('while busy shows the busy label, disables both buttons and ignores closing', async () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog {...BASE} busy busyLabel="Deleting..." onConfirm={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    screen.getByRole('dialog').focus();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('keeps the confirm label while busy when no busy label is given', () => {
    render(<ConfirmDialog {...BASE} busy onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('shows an error under the message', () => {
    render(<ConfirmDialog {...BASE} error="Failed to delete content." onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete content.');
  });

  it('renders nothing when closed', () => {
    render(<ConfirmDialog {...BASE} open={false} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

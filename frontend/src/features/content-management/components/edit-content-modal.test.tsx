import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { makeContent } from '@/testing/make-content';
import { updateContent } from '../api/update-content';
import { EditContentModal } from './edit-content-modal';

vi.mock('../api/update-content', () => ({ updateContent: vi.fn() }));
const updateMock = vi.mocked(updateContent);

const CONTENT = { id: 'c1', title: 'Old title', description: 'Old description' };
const titleBox = () => screen.getByLabelText('Title');
const descriptionBox = () => screen.getByLabelText('Description');
const save = () => screen.getByRole('button', { name: 'Save' });

function renderEdit(content: typeof CONTENT | null = CONTENT) {
  const props = { onClose: vi.fn(), onSaved: vi.fn() };
  const view = render(<EditContentModal open content={content} {...props} />);
  return { ...props, ...view };
}

describe('EditContentModal', () => {
  beforeEach(() => updateMock.mockReset());

  it("is titled 'Edit Content' and starts from the content's title and description", () => {
    renderEdit();
    expect(screen.getByRole('dialog', { name: 'Edit Content' })).toBeInTheDocument();
    expect(titleBox()).toHaveValue('Old title');
    expect(descriptionBox()).toHaveValue('Old description');
    expect(titleBox()).toBeRequired();
    expect(descriptionBox()).toBeRequired();
  });

  it('requires both a title and a description, blank or whitespace-only counting as missing', async () => {
    const user = userEvent.setup();
    renderEdit();
    await user.clear(titleBox());
    await user.type(titleBox(), '   ');
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent('Title and description are required.');
    expect(titleBox()).toHaveAttribute('aria-invalid', 'true');

    await user.type(titleBox(), 'New');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.clear(descriptionBox());
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent('Title and description are required.');
    expect(descriptionBox()).toHaveAttribute('aria-invalid', 'true');
    expect(updateMock).not.toHaveBeenCalled();
  });

  it("saves the trimmed fields with PUT, toasts 'Content updated successfully!', reports the update and closes", async () => {
    const updated = makeContent('c1', { title: 'New title', description: 'New description' });
    updateMock.mockResolvedValue(updated);
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { onSaved, onClose } = renderEdit();

    await user.clear(titleBox());
    await user.type(titleBox(), '  New title ');
    await user.clear(descriptionBox());
    await user.type(descriptionBox(), 'New description  ');
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(updateMock).toHaveBeenCalledWith('c1', { title: 'New title', description: 'New description' });
    expect(onSaved).toHaveBeenCalledWith(updated);
    expect(success).toHaveBeenCalledWith('Content updated successfully!', expect.anything());
  });

  it("reads 'Saving...' while the call runs", async () => {
    let resolve!: (value: ReturnType<typeof makeContent>) => void;
    updateMock.mockReturnValue(new Promise((done) => (resolve = done)));
    const { onClose } = renderEdit();
    await userEvent.click(save());
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(titleBox()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    resolve(makeContent('c1'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("shows the server's message, or 'Failed to update content.', and stays open", async () => {
    const user = userEvent.setup();
    const { onClose, onSaved } = renderEdit();
    updateMock.mockRejectedValueOnce(new ApiError(404, 'Content not found.'));
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Content not found.');

    updateMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(save());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update content.'));
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(save()).toBeEnabled();
  });

  it('starts again from the content at the next opening', async () => {
    const user = userEvent.setup();
    const props = { onClose: vi.fn(), onSaved: vi.fn() };
    const { rerender } = render(<EditContentModal open content={CONTENT} {...props} />);
    await user.type(titleBox(), ' changed');
    rerender(<EditContentModal open={false} content={CONTENT} {...props} />);
    rerender(<EditContentModal open content={{ ...CONTENT }} {...props} />);
    expect(titleBox()).toHaveValue('Old title');
  });
});

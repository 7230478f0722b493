import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getContacts, type Contact } from '@/lib/api/contacts';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { page } from '@/testing/page';
import { batchDeleteContacts } from '../api/batch-delete-contacts';
import { ContactsModal } from './contacts-modal';

vi.mock('@/lib/api/contacts', async (importOriginal) => ({ ...(await importOriginal<object>()), getContacts: vi.fn() }));
vi.mock('../api/batch-delete-contacts', () => ({ batchDeleteContacts: vi.fn() }));
const getMock = vi.mocked(getContacts);
const batchMock = vi.mocked(batchDeleteContacts);

const ADA: Contact = { id: 'k1', name: 'Ada', email: 'ada@example.com', audience_score: 85 };
const BOB: Contact = { id: 'k2', name: 'Bob', email: 'bob@example.com', audience_score: null };
const CAROL: Contact = { id: 'k3', name: 'Carol', email: 'carol@example.com', audience_score: 10 };

const signIn = (premium: boolean) =>
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium }));

async function openView() {
  const user = userEvent.setup();
  render(<ContactsModal open onClose={vi.fn()} />);
  await user.click(screen.getByRole('tab', { name: 'View Contacts' }));
  await screen.findByText('Ada');
  return user;
}

describe('Contacts: batch delete', () => {
  beforeEach(() => {
    getMock.mockReset();
    batchMock.mockReset();
    getMock.mockResolvedValue(page([ADA, BOB, CAROL]));
  });

  it('a Premium user selects contacts, confirms, and deletes them in one request', async () => {
    signIn(true);
    const success = vi.spyOn(toast, 'success');
    const user = await openView();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    screen.getByRole('checkbox', { name: 'Select Carol' }).focus();
    await user.keyboard(' ');
    const toolbar = screen.getByRole('toolbar', { name: 'Selected contacts' });
    expect(toolbar).toHaveTextContent('2 selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete contacts' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete these 2 contacts? This cannot be undone.');

    batchMock.mockResolvedValue({ message: '2 contacts deleted.', deleted: ['k1', 'k3'] });
    getMock.mockResolvedValue(page([BOB]));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(batchMock).toHaveBeenCalledWith(['k1', 'k3']);
    await waitFor(() => expect(success).toHaveBeenCalledWith('2 contacts deleted.', expect.anything()));
    await waitFor(() => expect(screen.queryByText('Ada')).not.toBeInTheDocument());
    expect(screen.queryByText('Carol')).not.toBeInTheDocument();
    expect(screen.getByText('Bob')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('a refused batch shows the reason in the dialog and keeps every contact', async () => {
    signIn(true);
    const user = await openView();
    await user.click(screen.getByRole('checkbox', { name: 'Select all contacts' }));
    expect(screen.getByRole('toolbar')).toHaveTextContent('3 selected');
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Delete' }));
    batchMock.mockRejectedValue(new ApiError(404, 'Nothing was deleted: this contact was not found: k2.'));
    const confirm = screen.getByRole('dialog', { name: 'Delete contacts' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('Nothing was deleted: this contact was not found: k2.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    for (const name of ['Ada', 'Bob', 'Carol']) expect(screen.getByText(name)).toBeInTheDocument();
  });

  it('a Free user has no checkboxes and a hint that batch delete comes with Premium', async () => {
    signIn(false);
    await openView();
    expect(screen.queryByRole('checkbox', { name: /Select/ })).not.toBeInTheDocument();
    expect(screen.getByText('Select several contacts to delete them at once with Premium.')).toBeInTheDocument();
  });
});

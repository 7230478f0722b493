import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getContacts, type Contact } from '@/lib/api/contacts';
import { api, ApiError, type Page } from '@/lib/api-client';
import type { AppSocket } from '@/lib/socket';
import { FakeSocket } from '@/testing/fake-socket';
import { page } from '@/testing/page';
import { addContact } from '../api/add-contact';
import { deleteContact } from '../api/delete-contact';
import { uploadContacts, type ContactImportAnswer } from '../api/upload-contacts';
import { registerContactImportHandlers } from '../realtime/register-contact-import-handlers';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { ContactsModal, SCORES_PREMIUM } from './contacts-modal';

vi.mock('@/lib/api/contacts', async (importOriginal) => ({ ...(await importOriginal<object>()), getContacts: vi.fn() }));
vi.mock('../api/add-contact', () => ({ addContact: vi.fn() }));
vi.mock('../api/upload-contacts', () => ({ uploadContacts: vi.fn() }));
vi.mock('../api/delete-contact', () => ({ deleteContact: vi.fn() }));
const getMock = vi.mocked(getContacts);
const addMock = vi.mocked(addContact);
const uploadMock = vi.mocked(uploadContacts);
const deleteMock = vi.mocked(deleteContact);

const ADA: Contact = { id: 'k1', name: 'Ada Lovelace', email: 'ada@example.com', audience_score: 85 };
const BOB: Contact = { id: 'k2', name: 'Bob', email: 'bob@example.com', audience_score: null };
const CAROL: Contact = { id: 'k3', name: 'Carol', email: 'carol@example.com', audience_score: 64.25 };

function renderModal(onClose = vi.fn()) {
  const view = render(<ContactsModal open onClose={onClose} />);
  return { onClose, ...view };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const nameInput = () => screen.getByLabelText('Name');
const emailInput = () => screen.getByLabelText('Email');
const addButton = () => screen.getByRole('button', { name: 'Add Contact' });

async function fillContact(name: string, email: string) {
  const user = userEvent.setup();
  await user.clear(nameInput());
  if (name) await user.type(nameInput(), name);
  await user.clear(emailInput());
  if (email) await user.type(emailInput(), email);
  return user;
}

/** Audience Scores (Contact Quality Scoring) is Premium: most tests are a Premium user's. */
const signIn = (premium: boolean) =>
  act(() => useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium })));

describe('ContactsModal', () => {
  beforeEach(() => {
    signIn(true);
    getMock.mockReset();
    addMock.mockReset();
    uploadMock.mockReset();
    deleteMock.mockReset();
  });

  describe('Audience Scores for a Free user', () => {
    it('shows what Contact Quality Scoring is and the upgrade, not the scores', async () => {
      signIn(false);
      getMock.mockResolvedValue(page([ADA]));
      const onUpgrade = vi.fn();
      render(<ContactsModal open onClose={vi.fn()} onUpgrade={onUpgrade} />);
      await userEvent.click(tab('Audience Scores'));
      expect(screen.getByText(SCORES_PREMIUM)).toBeInTheDocument();
      expect(screen.queryByText('85.0')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
      expect(onUpgrade).toHaveBeenCalledTimes(1);
    });
  });

  describe('tabs', () => {
    it("is titled 'Contacts' and opens on 'Add Contact' with the single form", async () => {
      getMock.mockResolvedValue(page([ADA]));
      renderModal();
      expect(screen.getByRole('dialog', { name: 'Contacts' })).toBeInTheDocument();
      const list = screen.getByRole('tablist', { name: 'Contacts' });
      expect(within(list).getAllByRole('tab').map((item) => item.textContent)).toEqual(['Add Contact', 'View Contacts', 'Audience Scores']);
      expect(tab('Add Contact')).toHaveAttribute('aria-selected', 'true');
      expect(tab('View Contacts')).toHaveAttribute('aria-selected', 'false');
      const panel = screen.getByRole('tabpanel');
      expect(panel).toHaveAccessibleName('Add Contact');
      expect(tab('Add Contact')).toHaveAttribute('aria-controls', panel.id);
      expect(within(panel).getByRole('form', { name: 'Add contact' })).toBeInTheDocument();
      await waitFor(() => expect(getMock).toHaveBeenCalledTimes(1));
    });

    it('switches tabs on click and keeps one tab in the Tab order', async () => {
      getMock.mockResolvedValue(page([ADA]));
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      expect(tab('View Contacts')).toHaveAttribute('aria-selected', 'true');
      expect(tab('View Contacts')).toHaveAttribute('tabindex', '0');
      expect(tab('Add Contact')).toHaveAttribute('tabindex', '-1');
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName('View Contacts');
      expect(await screen.findByRole('table', { name: 'Your contacts' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Add contact' })).not.toBeInTheDocument();
    });

    it('moves between tabs with the arrow keys (wrapping), Home and End', async () => {
      getMock.mockResolvedValue(page([ADA]));
      const user = userEvent.setup();
      renderModal();
      tab('Add Contact').focus();
      await user.keyboard('{ArrowRight}');
      expect(tab('View Contacts')).toHaveFocus();
      expect(tab('View Contacts')).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{ArrowRight}');
      expect(tab('Audience Scores')).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      expect(tab('Add Contact')).toHaveFocus();
      await user.keyboard('{ArrowLeft}');
      expect(tab('Audience Scores')).toHaveFocus();
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Audience Scores');
      await user.keyboard('{Home}');
      expect(tab('Add Contact')).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{End}');
      expect(tab('Audience Scores')).toHaveAttribute('aria-selected', 'true');
    });

    it('keeps what was typed when switching tabs, and starts clean on the next opening', async () => {
      getMock.mockResolvedValue(page([]));
      const user = userEvent.setup();
      const onClose = vi.fn();
      const { rerender } = render(<ContactsModal open onClose={onClose} />);
      await user.type(nameInput(), 'Half typed');
      await user.click(tab('View Contacts'));
      await user.click(tab('Add Contact'));
      expect(nameInput()).toHaveValue('Half typed');

      await user.click(tab('View Contacts'));
      rerender(<ContactsModal open={false} onClose={onClose} />);
      rerender(<ContactsModal open onClose={onClose} />);
      expect(tab('Add Contact')).toHaveAttribute('aria-selected', 'true');
      expect(nameInput()).toHaveValue('');
      expect(getMock).toHaveBeenCalledTimes(2);
    });
  });

  describe('list states', () => {
    it("shows 'Loading contacts...' on both list tabs until the contacts arrive", async () => {
      let resolve!: (list: Page<Contact>) => void;
      getMock.mockReturnValue(new Promise((done) => (resolve = done)));
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      expect(screen.getByText('Loading contacts...')).toBeInTheDocument();
      await user.click(tab('Audience Scores'));
      expect(screen.getByText('Loading contacts...')).toBeInTheDocument();
      resolve(page([ADA]));
      expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
      expect(screen.queryByText('Loading contacts...')).not.toBeInTheDocument();
    });

    it("shows 'No contacts added yet.' on both list tabs for an empty list", async () => {
      getMock.mockResolvedValue(page([]));
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      expect(await screen.findByText('No contacts added yet.')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      await user.click(tab('Audience Scores'));
      expect(screen.getByText('No contacts added yet.')).toBeInTheDocument();
    });

    it("shows the server's message or 'Failed to fetch contacts.' with a toast, and Retry fetches again", async () => {
      const error = vi.spyOn(toast, 'error');
      getMock.mockRejectedValueOnce(new ApiError(503, 'Contacts are resting.'));
      const user = userEvent.setup();
      const { unmount } = renderModal();
      await user.click(tab('View Contacts'));
      expect(await screen.findByRole('alert')).toHaveTextContent('Contacts are resting.');
      expect(error).toHaveBeenCalledWith('Contacts are resting.', expect.anything());
      unmount();

      getMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      renderModal();
      await user.click(tab('View Contacts'));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch contacts.');
      expect(error).toHaveBeenLastCalledWith('Failed to fetch contacts.', expect.anything());

      getMock.mockResolvedValueOnce(page([BOB]));
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Bob')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('View Contacts', () => {
    it('lists name and email with a delete action, in a list at most 15rem tall', async () => {
      // A Free user: no selection column.
      signIn(false);
      getMock.mockResolvedValue(page([ADA, BOB]));
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      const table = await screen.findByRole('table', { name: 'Your contacts' });
      expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Email', 'Actions']);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent))).toEqual([
        ['Ada Lovelace', 'ada@example.com'],
        ['Bob', 'bob@example.com'],
      ]);
      expect(within(rows[0]!).getByRole('button', { name: 'Delete Ada Lovelace' })).toBeInTheDocument();
      expect(table.parentElement).toHaveClass('contacts-scroll');
    });

    it("marks a contact shares can no longer e-mail 'Unsubscribed', 'Bounced' or suppressed beside the address, and an active one with nothing", async () => {
      // A Free user: no selection column.
      signIn(false);
      getMock.mockResolvedValue(
        page([
          { ...ADA, status: 'active' as const },
          { ...BOB, status: 'unsubscribed' as const },
          { ...CAROL, status: 'bounced' as const },
          { id: 'k4', name: 'Dan', email: 'dan@example.com', audience_score: null, status: 'suppressed' as const },
        ]),
      );
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      const table = await screen.findByRole('table', { name: 'Your contacts' });
      const emails = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
      expect(emails).toEqual([
        'ada@example.com',
        'bob@example.com Unsubscribed',
        'carol@example.com Bounced',
        // The words the share modal gives for the same contact (SHARE_REASON_LABELS.suppressed).
        'dan@example.com Inactive in your list',
      ]);
      expect(within(table).getByText('Unsubscribed')).toHaveClass('contacts-status');
      expect(within(table).getByText('Inactive in your list')).toHaveClass('contacts-status', 'contacts-status-suppressed');
    });

    describe('Export CSV', () => {
      let clicked: string[] = [];
      beforeEach(() => {
        clicked = [];
        URL.createObjectURL = vi.fn(() => 'blob:contacts');
        URL.revokeObjectURL = vi.fn();
        vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
          clicked.push(this.download);
        });
      });

      it('downloads GET /contacts/export.csv as contacts.csv', async () => {
        getMock.mockResolvedValue(page([ADA], 250));
        const get = vi.spyOn(api, 'get').mockResolvedValue('name,email,status,audience_score,added_at\r\n');
        const user = userEvent.setup();
        renderModal();
        await user.click(tab('View Contacts'));
        await screen.findByRole('table', { name: 'Your contacts' });

        await user.click(screen.getByRole('button', { name: 'Export CSV' }));

        await waitFor(() => expect(clicked).toEqual(['contacts.csv']));
        expect(get).toHaveBeenCalledWith('/contacts/export.csv');
        expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
      });

      it('is disabled while there are no contacts', async () => {
        getMock.mockResolvedValue(page([]));
        const user = userEvent.setup();
        renderModal();
        await user.click(tab('View Contacts'));
        await screen.findByText('No contacts added yet.');
        expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
      });

      it("toasts the failure and downloads nothing", async () => {
        getMock.mockResolvedValue(page([ADA]));
        vi.spyOn(api, 'get').mockRejectedValue(new ApiError(500, undefined));
        const error = vi.spyOn(toast, 'error');
        const user = userEvent.setup();
        renderModal();
        await user.click(tab('View Contacts'));
        await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

        await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to export contacts.', { toastId: 'contacts-export-failed' }));
        expect(clicked).toEqual([]);
      });
    });

    it('asks before deleting; Cancel keeps the contact and sends nothing', async () => {
      getMock.mockResolvedValue(page([ADA, BOB]));
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      await user.click(await screen.findByRole('button', { name: 'Delete Bob' }));
      const question = screen.getByRole('group', { name: 'Delete Bob' });
      expect(question).toHaveTextContent('Are you sure you want to delete this contact?');
      expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();

      await user.click(within(question).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByText('Are you sure you want to delete this contact?')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Delete Bob' })).toHaveFocus();
      expect(deleteMock).not.toHaveBeenCalled();
      expect(screen.getByText('Bob')).toBeInTheDocument();
    });

    it("deletes after confirming: toasts 'Contact deleted successfully!', drops the row and refetches", async () => {
      getMock.mockResolvedValueOnce(page([ADA, BOB])).mockResolvedValueOnce(page([ADA]));
      deleteMock.mockResolvedValue({ message: 'Contact deleted successfully!' });
      const success = vi.spyOn(toast, 'success');
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      await user.click(await screen.findByRole('button', { name: 'Delete Bob' }));
      await user.click(screen.getByRole('button', { name: 'Yes, delete' }));

      await waitFor(() => expect(screen.queryByText('Bob')).not.toBeInTheDocument());
      expect(deleteMock).toHaveBeenCalledWith('k2');
      expect(success).toHaveBeenCalledWith('Contact deleted successfully!', expect.anything());
      await waitFor(() => expect(getMock).toHaveBeenCalledTimes(2));
      expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
      expect(screen.queryByText('Loading contacts...')).not.toBeInTheDocument();
    });

    it("on a failed delete toasts 'Failed to delete contact.', shows the server's reason and keeps the row", async () => {
      getMock.mockResolvedValue(page([ADA, BOB]));
      deleteMock.mockRejectedValue(new ApiError(404, 'Contact not found.'));
      const error = vi.spyOn(toast, 'error');
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      await user.click(await screen.findByRole('button', { name: 'Delete Bob' }));
      await user.click(screen.getByRole('button', { name: 'Yes, delete' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Contact not found.');
      expect(error).toHaveBeenCalledWith('Failed to delete contact.', expect.anything());
      expect(screen.getByText('Bob')).toBeInTheDocument();
      expect(getMock).toHaveBeenCalledTimes(1);
    });
  });

  describe('paging', () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, i): Contact => ({ id: `p${i}`, name: `Person ${i}`, email: `p${i}@example.com`, audience_score: i % 100 }));
    /** The whole list on the server, answered page by page as asked. */
    const serve = (all: Contact[]) =>
      getMock.mockImplementation(async ({ offset = 0, limit = 100 } = {}) => page(all.slice(offset, offset + limit), all.length));
    const rows = () => document.querySelectorAll('tbody tr');
    const loadMore = () => within(document.querySelector<HTMLElement>('.load-more')!).getByRole('button', { name: 'Load more contacts' });

    it('lists the first page on both list tabs and loads the next one with "Load more"', async () => {
      const all = many(130);
      serve(all);
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      await waitFor(() => expect(rows()).toHaveLength(100));
      expect(screen.getByText('100 of 130 shown')).toBeInTheDocument();
      expect(getMock).toHaveBeenLastCalledWith({ offset: 0, limit: 100 }, expect.any(AbortSignal));

      await user.click(loadMore());

      await waitFor(() => expect(rows()).toHaveLength(130));
      expect(getMock).toHaveBeenLastCalledWith({ offset: 100, limit: 100 }, expect.any(AbortSignal));
      expect(document.querySelector('.load-more')).toBeNull();
      await user.click(tab('Audience Scores'));
      expect(rows()).toHaveLength(130);
      expect(screen.getByText('Person 129')).toBeInTheDocument();
    });

    it('refetches as many contacts as are listed after a delete', async () => {
      const all = many(130);
      serve(all);
      deleteMock.mockImplementation(async (id) => {
        all.splice(all.findIndex((contact) => contact.id === id), 1);
        return { message: 'Contact deleted successfully!' };
      });
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      await waitFor(() => expect(rows()).toHaveLength(100));
      await user.click(loadMore());
      await waitFor(() => expect(rows()).toHaveLength(130));

      await user.click(within(document.querySelector<HTMLElement>('tbody')!).getByRole('button', { name: 'Delete Person 3' }));
      await user.click(screen.getByRole('button', { name: 'Yes, delete' }));

      await waitFor(() => expect(getMock).toHaveBeenLastCalledWith({ offset: 0, limit: 129 }, expect.any(AbortSignal)));
      await waitFor(() => expect(rows()).toHaveLength(129));
      expect(screen.queryByText('Person 3')).not.toBeInTheDocument();
      expect(document.querySelector('.load-more')).toBeNull();
    });

    it("keeps the rows and toasts the failure when the next page fails", async () => {
      serve(many(120));
      const error = vi.spyOn(toast, 'error');
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('View Contacts'));
      await waitFor(() => expect(rows()).toHaveLength(100));
      getMock.mockRejectedValueOnce(new ApiError(500, undefined));

      await user.click(loadMore());

      await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch contacts.', expect.anything()));
      expect(rows()).toHaveLength(100);
      expect(loadMore()).toBeEnabled();
    });
  });

  describe('Audience Scores', () => {
    it('shows each score out of 100 with a clamped, coloured bar, or N/A', async () => {
      getMock.mockResolvedValue(page([ADA, BOB, CAROL, { id: 'k4', name: 'Dan', email: 'dan@example.com', audience_score: 140 }]));
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('Audience Scores'));
      const table = await screen.findByRole('table', { name: 'Audience scores of your contacts' });
      expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Email', 'Audience Score']);
      const cells = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
      expect(cells).toEqual([
        ['Ada Lovelace', 'ada@example.com', '85 / 100'],
        ['Bob', 'bob@example.com', 'N/A'],
        ['Carol', 'carol@example.com', '64.3 / 100'],
        ['Dan', 'dan@example.com', '140 / 100'],
      ]);
      const ada = screen.getByRole('meter', { name: 'Audience score of Ada Lovelace' });
      expect(ada).toHaveAttribute('aria-valuenow', '85');
      expect(ada.firstElementChild).toHaveStyle({ width: '85%' });
      expect(ada.firstElementChild).toHaveClass('contacts-score-green');
      expect(screen.getByRole('meter', { name: 'Audience score of Carol' }).firstElementChild).toHaveClass('contacts-score-yellow');
      const dan = screen.getByRole('meter', { name: 'Audience score of Dan' });
      expect(dan).toHaveAttribute('aria-valuenow', '100');
      expect(dan.firstElementChild).toHaveStyle({ width: '100%' });
      expect(screen.queryByRole('meter', { name: 'Audience score of Bob' })).not.toBeInTheDocument();
      expect(table.parentElement).toHaveClass('contacts-scroll');
    });

    it("explains a score in words under 'Why?': each part's points out of its maximum", async () => {
      const parts = [
        { key: 'click_days', label: 'Days they clicked a link you sent', points: 20, max: 60, detail: '1 day with a click (3 clicks in all; more clicks on one day count once). 20 points a day.' },
        { key: 'conversions', label: 'Conversions from their clicks', points: 0, max: 40, detail: 'No conversions recorded yet.' },
      ];
      getMock.mockResolvedValue(page([{ ...ADA, audience_score: 20, score_parts: parts }, BOB]));
      const user = userEvent.setup();
      renderModal();
      await user.click(tab('Audience Scores'));
      await user.click(await screen.findByText('Why?'));
      const list = screen.getByRole('list', { name: "Parts of Ada Lovelace's audience score" });
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        `Days they clicked a link you sent20 of 60 points${parts[0]!.detail}`,
        `Conversions from their clicks0 of 40 points${parts[1]!.detail}`,
      ]);
      // Bob has no parts: no 'Why?' for him.
      expect(screen.getAllByText('Why?')).toHaveLength(1);
    });
  });

  describe('Add Contact: single form', () => {
    it.each([
      ['an empty name', '', 'ada@example.com', 'Name is required.'],
      ['a blank name', '   ', 'ada@example.com', 'Name is required.'],
      ['a name over 100 characters', 'x'.repeat(101), 'ada@example.com', 'Name is longer than 100 characters.'],
      ['an empty email', 'Ada', '', 'Please enter a valid email address.'],
      ['an invalid email', 'Ada', 'ada@example', 'Please enter a valid email address.'],
    ])('refuses %s with its message and sends nothing', async (_case, name, email, message) => {
      getMock.mockResolvedValue(page([]));
      renderModal();
      const user = await fillContact(name, email);
      await user.click(addButton());
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(addMock).not.toHaveBeenCalled();
    });

    it('clears the message when a field changes', async () => {
      getMock.mockResolvedValue(page([]));
      renderModal();
      const user = await fillContact('', 'ada@example.com');
      await user.click(addButton());
      expect(screen.getByRole('alert')).toBeInTheDocument();
      await user.type(nameInput(), 'A');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it("adds a trimmed contact, toasts 'Contact added successfully!', clears the form and refetches", async () => {
      getMock.mockResolvedValueOnce(page([])).mockResolvedValueOnce(page([ADA]));
      let resolve!: (contact: Contact) => void;
      addMock.mockReturnValue(new Promise((done) => (resolve = done)));
      const success = vi.spyOn(toast, 'success');
      renderModal();
      await waitFor(() => expect(getMock).toHaveBeenCalledTimes(1));
      const user = await fillContact(' Ada Lovelace ', ' ada@example.com ');
      await user.click(addButton());

      expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
      expect(nameInput()).toBeDisabled();
      expect(addMock).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com' });
      resolve(ADA);

      await waitFor(() => expect(success).toHaveBeenCalledWith('Contact added successfully!', expect.anything()));
      expect(nameInput()).toHaveValue('');
      expect(emailInput()).toHaveValue('');
      await waitFor(() => expect(getMock).toHaveBeenCalledTimes(2));
      await user.click(tab('View Contacts'));
      expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    });

    it("on failure toasts 'Failed to add contact.', shows the server's reason and keeps the input", async () => {
      getMock.mockResolvedValue(page([]));
      addMock.mockRejectedValueOnce(new ApiError(409, 'A contact with this email already exists.'));
      const error = vi.spyOn(toast, 'error');
      renderModal();
      const user = await fillContact('Ada', 'ada@example.com');
      await user.click(addButton());

      expect(await screen.findByRole('alert')).toHaveTextContent('A contact with this email already exists.');
      expect(error).toHaveBeenCalledWith('Failed to add contact.', expect.anything());
      expect(nameInput()).toHaveValue('Ada');
      expect(addButton()).toBeEnabled();

      addMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await user.click(addButton());
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to add contact.'));
    });
  });

  describe('Add Contact: bulk upload', () => {
    const csv = (name = 'contacts.csv') => new File(['Email Address,First Name,Last Name\nada@example.org,Ada,Lovelace\n'], name, { type: 'text/csv' });
    const fileInput = () => screen.getByLabelText('Contacts file (.csv or .json)');
    const counts = () => within(screen.getByRole('list', { name: 'What the import would do' })).getAllByRole('listitem').map((item) => item.textContent);
    const previewRows = () =>
      within(screen.getByRole('table', { name: 'The first rows as they would be imported' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

    /** docs/features/contact-import.md's example: a Mailchimp export of 6 rows. */
    const answer = (overrides: Partial<ContactImportAnswer> = {}): ContactImportAnswer => ({
      message: 'Preview only: nothing was imported.',
      dry_run: true,
      summary: '3 added (1 suppressed), 2 already in your contacts, 1 invalid.',
      format: 'csv',
      columns: ['Email Address', 'First Name', 'Last Name', 'MEMBER_RATING'],
      mapping: { email: 'Email Address', name: ['First Name', 'Last Name'], status: [] },
      counts: { rows: 6, new: 3, existing: 2, suppressed: 1, invalid: 1 },
      added: 3,
      rejected: [
        { row: 4, email: 'Grace@Example.org', reason: 'Contact already exists.' },
        { row: 5, email: 'grace+news@example.org', reason: 'Duplicate email in file.' },
        { row: 6, email: 'not-an-address', reason: 'Invalid email address.' },
      ],
      preview: [
        { row: 1, name: 'Ada Lovelace', email: 'ada@example.org', status: 'active' },
        { row: 2, name: 'Alan Turing', email: 'alan@example.org', status: 'suppressed' },
        { row: 3, name: 'Edsger Dijkstra', email: 'edsger@example.org', status: 'unsubscribed' },
      ],
      ...overrides,
    });
    const imported = (overrides: Partial<ContactImportAnswer> = {}) => answer({ message: 'Contacts uploaded successfully!', dry_run: false, ...overrides });

    /** Answers each dry run with `preview` and the import with `done`, unless a test says otherwise. */
    function serveUploads(preview = answer(), done = imported()) {
      uploadMock.mockImplementation(async (_file, options) => (options?.dryRun ? preview : done));
    }

    async function openBulk() {
      const user = userEvent.setup({ applyAccept: false });
      renderModal();
      await user.click(screen.getByRole('switch', { name: 'Bulk upload' }));
      return user;
    }

    async function choose(user: ReturnType<typeof userEvent.setup>, file = csv()) {
      await user.upload(fileInput(), file);
      return file;
    }

    it('toggles between the single form and the file upload, which names the tools whose exports work', async () => {
      getMock.mockResolvedValue(page([]));
      const user = await openBulk();
      expect(screen.getByRole('switch', { name: 'Bulk upload' })).toBeChecked();
      expect(screen.getByRole('form', { name: 'Upload contacts' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Add contact' })).not.toBeInTheDocument();
      expect(fileInput()).toHaveAttribute('accept', '.csv,.json');
      expect(fileInput()).toHaveAccessibleDescription(
        'Exports of Mailchimp, Substack, Kit, beehiiv, Ghost, Google Contacts or Outlook work as they are, or any CSV with an e-mail column. People your list marks as unsubscribed or bounced are kept, and never e-mailed.',
      );
      await user.click(screen.getByRole('switch', { name: 'Bulk upload' }));
      expect(screen.getByRole('form', { name: 'Add contact' })).toBeInTheDocument();
    });

    it("asks for a file with 'Please select a file to upload.' when none or another type is chosen", async () => {
      getMock.mockResolvedValue(page([]));
      const user = await openBulk();
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please select a file to upload.');

      await choose(user, csv('contacts.txt'));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please select a file to upload.');
      expect(uploadMock).not.toHaveBeenCalled();
    });

    it('runs a dry run of the chosen file and shows the columns, the counts, the first rows and the skipped rows', async () => {
      getMock.mockResolvedValue(page([]));
      let resolve!: (value: ContactImportAnswer) => void;
      uploadMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
      const user = await openBulk();
      const file = await choose(user);

      expect(uploadMock).toHaveBeenCalledWith(file, { mapping: null, dryRun: true, signal: expect.any(AbortSignal) });
      expect(screen.getByRole('status')).toHaveTextContent('Checking the file...');
      expect(screen.getByRole('region', { name: 'Import preview' })).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('button', { name: 'Checking the file...' })).toBeDisabled();
      resolve(answer());

      expect(await screen.findByRole('list', { name: 'What the import would do' })).toBeInTheDocument();
      expect(counts()).toEqual(['3 new (1 suppressed \u2014 never e-mailed)', '2 already in your contacts', '1 invalid']);
      const email = screen.getByRole('combobox', { name: 'E-mail column' });
      expect(email).toHaveValue('Email Address');
      expect(within(email).getAllByRole('option').map((option) => option.textContent)).toEqual(['Email Address', 'First Name', 'Last Name', 'MEMBER_RATING']);
      const name = screen.getByRole('combobox', { name: 'Name' });
      expect(within(name).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'First Name + Last Name',
        'Email Address',
        'First Name',
        'Last Name',
        'MEMBER_RATING',
        'Made from the e-mail address',
      ]);
      expect((within(name).getByRole('option', { name: 'First Name + Last Name' }) as HTMLOptionElement).selected).toBe(true);
      expect(previewRows()).toEqual([
        ['Ada Lovelace', 'ada@example.org', 'Active'],
        ['Alan Turing', 'alan@example.org', 'Inactive in your list'],
        ['Edsger Dijkstra', 'edsger@example.org', 'Unsubscribed'],
      ]);
      expect(screen.getByRole('table', { name: 'The first rows as they would be imported' }).parentElement).toHaveClass('contacts-scroll');
      expect(within(screen.getByRole('list', { name: 'Skipped rows' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Row 4 (Grace@Example.org): Contact already exists.',
        'Row 5 (grace+news@example.org): Duplicate email in file.',
        'Row 6 (not-an-address): Invalid email address.',
      ]);
      expect(screen.getByRole('button', { name: 'Import 3 contacts' })).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(uploadMock).toHaveBeenCalledTimes(1);
    });

    it('lists at most 20 skipped rows, then how many more', async () => {
      getMock.mockResolvedValue(page([]));
      const rejected = Array.from({ length: 1234 }, (_, i) => ({ row: i + 1, email: `p${i}@example.org`, reason: 'Contact already exists.' }));
      serveUploads(answer({ counts: { rows: 1234, new: 0, existing: 1234, suppressed: 0, invalid: 0 }, added: 0, rejected, preview: [] }));
      const user = await openBulk();
      await choose(user);

      const skipped = await screen.findByRole('list', { name: 'Skipped rows' });
      expect(within(skipped).getAllByRole('listitem')).toHaveLength(20);
      expect(screen.getByText('and 1,214 more')).toBeInTheDocument();
      expect(counts()).toEqual(['0 new', '1,234 already in your contacts']);
      expect(screen.queryByRole('table', { name: 'The first rows as they would be imported' })).not.toBeInTheDocument();
      // Nothing new: the import cannot be started.
      expect(screen.getByRole('button', { name: 'Nothing new to import' })).toBeDisabled();
    });

    it('runs the dry run again with the chosen name mapping, and imports with it', async () => {
      getMock.mockResolvedValue(page([]));
      serveUploads();
      const user = await openBulk();
      const file = await choose(user);
      await screen.findByRole('combobox', { name: 'Name' });

      let resolve!: (value: ContactImportAnswer) => void;
      uploadMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Name' }), 'Made from the e-mail address');

      const fromAddress = { email: 'Email Address', name: [] };
      expect(uploadMock).toHaveBeenLastCalledWith(file, { mapping: fromAddress, dryRun: true, signal: expect.any(AbortSignal) });
      expect(screen.getByRole('status')).toHaveTextContent('Checking the file...');
      expect(screen.getByRole('combobox', { name: 'Name' })).toHaveValue(JSON.stringify([]));
      // The detected choice is still offered.
      expect(within(screen.getByRole('combobox', { name: 'Name' })).getByRole('option', { name: 'First Name + Last Name' })).toBeInTheDocument();
      resolve(answer({ mapping: { ...fromAddress, status: [] }, preview: [{ row: 1, name: 'Ada', email: 'ada@example.org', status: 'active' }] }));

      await waitFor(() => expect(previewRows()).toEqual([['Ada', 'ada@example.org', 'Active']]));
      expect(screen.queryByText('Checking the file...')).not.toBeInTheDocument();

      await user.selectOptions(screen.getByRole('combobox', { name: 'E-mail column' }), 'MEMBER_RATING');
      expect(uploadMock).toHaveBeenLastCalledWith(file, { mapping: { email: 'MEMBER_RATING', name: [] }, dryRun: true, signal: expect.any(AbortSignal) });
      await user.selectOptions(screen.getByRole('combobox', { name: 'E-mail column' }), 'Email Address');
      await screen.findByRole('button', { name: 'Import 3 contacts' });

      await user.click(screen.getByRole('button', { name: 'Import 3 contacts' }));
      await waitFor(() => expect(uploadMock).toHaveBeenLastCalledWith(file, { mapping: fromAddress, importId: expect.any(String) }));
    });

    it('shows only the answer of the latest choice when an earlier dry run answers late', async () => {
      getMock.mockResolvedValue(page([]));
      serveUploads();
      const user = await openBulk();
      await choose(user);
      await screen.findByRole('combobox', { name: 'Name' });

      const pending: ((value: ContactImportAnswer) => void)[] = [];
      uploadMock.mockImplementation(() => new Promise((done) => pending.push(done)));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Name' }), 'First Name');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Name' }), 'Made from the e-mail address');
      const firstSignal = uploadMock.mock.calls.at(-2)?.[1]?.signal;
      expect(firstSignal?.aborted).toBe(true);

      pending[1]!(answer({ preview: [{ row: 1, name: 'Ada', email: 'ada@example.org', status: 'active' }] }));
      await waitFor(() => expect(previewRows()).toEqual([['Ada', 'ada@example.org', 'Active']]));
      pending[0]!(answer({ preview: [{ row: 1, name: 'Stale', email: 'ada@example.org', status: 'active' }] }));
      await new Promise((done) => setTimeout(done, 0));
      expect(previewRows()).toEqual([['Ada', 'ada@example.org', 'Active']]);
      expect(screen.getByRole('combobox', { name: 'Name' })).toHaveValue(JSON.stringify([]));
    });

    it("imports with a progress bar fed by contacts:import, then shows the summary, toasts 'Contacts uploaded successfully!' and refetches", async () => {
      getMock.mockResolvedValueOnce(page([])).mockResolvedValueOnce(page([ADA, BOB]));
      const socket = new FakeSocket();
      registerContactImportHandlers(socket as unknown as AppSocket, () => {});
      serveUploads();
      const success = vi.spyOn(toast, 'success');
      const user = await openBulk();
      const file = await choose(user);
      await screen.findByRole('button', { name: 'Import 3 contacts' });
      // Only the dry run so far.
      expect(uploadMock).toHaveBeenCalledTimes(1);

      let resolve!: (value: ContactImportAnswer) => void;
      uploadMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
      await user.click(screen.getByRole('button', { name: 'Import 3 contacts' }));

      expect(uploadMock).toHaveBeenLastCalledWith(file, { mapping: null, importId: expect.any(String) });
      const { importId } = uploadMock.mock.lastCall![1] as { importId: string };
      expect(screen.getByRole('button', { name: 'Importing...' })).toBeDisabled();
      expect(fileInput()).toBeDisabled();
      expect(screen.getByRole('combobox', { name: 'Name' })).toBeDisabled();
      const bar = screen.getByRole('progressbar', { name: 'Import progress' });
      expect(bar).not.toHaveAttribute('aria-valuenow');

      // Another tab's import of the same creator moves nothing here.
      act(() => socket.push('contacts:import', { done: 40000, total: 50000, import_id: 'another-tab' }));
      expect(bar).not.toHaveAttribute('aria-valuenow');
      act(() => socket.push('contacts:import', { done: 12500, total: 50000, import_id: importId }));
      expect(bar).toHaveAttribute('aria-valuenow', '25');
      expect(bar).toHaveAttribute('aria-valuetext', '25%, 12,500 of 50,000 rows');

      resolve(imported({ rejected: [{ row: 6, email: 'not-an-address', reason: 'Invalid email address.' }] }));

      const result = await screen.findByRole('status');
      expect(result).toHaveTextContent('3 added (1 suppressed), 2 already in your contacts, 1 invalid.');
      expect(within(result).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Row 6 (not-an-address): Invalid email address.']);
      expect(success).toHaveBeenCalledWith('Contacts uploaded successfully!', { toastId: 'contacts-uploaded' });
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect((fileInput() as HTMLInputElement).value).toBe('');
      expect(screen.queryByRole('region', { name: 'Import preview' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
      await waitFor(() => expect(getMock).toHaveBeenCalledTimes(2));
      await user.click(tab('View Contacts'));
      expect(await screen.findByText('Bob')).toBeInTheDocument();
    });

    it("on a file the dry run refuses shows the server's detail and toasts 'Failed to upload contacts.'", async () => {
      getMock.mockResolvedValue(page([]));
      const error = vi.spyOn(toast, 'error');
      const detail = 'No e-mail column found. The columns are: Name, Phone.';
      uploadMock.mockRejectedValueOnce(new ApiError(400, detail));
      const user = await openBulk();
      const file = await choose(user);

      expect(await screen.findByRole('alert')).toHaveTextContent(detail);
      expect(error).toHaveBeenCalledWith('Failed to upload contacts.', { toastId: 'contacts-upload-failed' });
      expect(screen.queryByRole('region', { name: 'Import preview' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();

      // Submitting tries the dry run again; a network failure says the SPEC's words.
      uploadMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      fireEvent.submit(screen.getByRole('form', { name: 'Upload contacts' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload contacts.'));
      expect(uploadMock).toHaveBeenLastCalledWith(file, { mapping: null, dryRun: true, signal: expect.any(AbortSignal) });
      expect(getMock).toHaveBeenCalledTimes(1);
    });

    it("on a refused import toasts 'Failed to upload contacts.', shows the server's detail and keeps the preview", async () => {
      getMock.mockResolvedValue(page([]));
      const error = vi.spyOn(toast, 'error');
      serveUploads();
      const user = await openBulk();
      await choose(user);
      await screen.findByRole('button', { name: 'Import 3 contacts' });
      uploadMock.mockRejectedValueOnce(new ApiError(429, 'Contact limit reached: Free accounts keep at most 50,000 contacts.'));
      await user.click(screen.getByRole('button', { name: 'Import 3 contacts' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Contact limit reached: Free accounts keep at most 50,000 contacts.');
      expect(error).toHaveBeenCalledWith('Failed to upload contacts.', { toastId: 'contacts-upload-failed' });
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Import 3 contacts' })).toBeEnabled();
      expect(counts()[0]).toBe('3 new (1 suppressed \u2014 never e-mailed)');
      expect(getMock).toHaveBeenCalledTimes(1);
    });
  });

  it('closes with the Close button', async () => {
    getMock.mockResolvedValue(page([]));
    const { onClose } = renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

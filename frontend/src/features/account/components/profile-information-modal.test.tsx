import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_TYPES } from '@crossfeed/domain/rules/content-types.ts';
import { getContentTypes } from '@/lib/api/content-types';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { getProfile, type AccountProfile } from '../api/get-profile';
import { getPromoCodes } from '../api/get-promo-codes';
import { updateProfile } from '../api/update-profile';
import { ProfileInformationModal } from './profile-information-modal';

vi.mock('../api/get-profile', () => ({ getProfile: vi.fn() }));
vi.mock('@/lib/api/content-types', () => ({ getContentTypes: vi.fn() }));
vi.mock('../api/update-profile', () => ({ updateProfile: vi.fn() }));
vi.mock('../api/update-password', () => ({ updatePassword: vi.fn() }));
vi.mock('../api/get-promo-codes', () => ({ getPromoCodes: vi.fn() }));
const profileMock = vi.mocked(getProfile);
const typesMock = vi.mocked(getContentTypes);
const updateMock = vi.mocked(updateProfile);
const promoMock = vi.mocked(getPromoCodes);
/** refreshUser's GET /auth/me goes through fetch: the store module is loaded before any vi.mock applies. */
const meMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();

const PROFILE: AccountProfile = {
  user_id: 'user-1',
  username: 'alice',
  avatar_url: null,
  name: 'Alice',
  bio: 'I make videos.',
  categories: ['technology', 'art'],
  interests: ['Cloud Computing', 'Music'],
  content_type: 'video',
  audience_score: 72.46,
};

function signIn() {
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ has_profile_completed: true }));
}

function renderModal() {
  const onClose = vi.fn();
  const view = render(<ProfileInformationModal open onClose={onClose} />);
  return { onClose, ...view };
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const save = () => screen.getByRole('button', { name: 'Save' });
const checkbox = (group: string, name: string) => within(screen.getByRole('group', { name: group })).getByRole('checkbox', { name });
const checkedIn = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent);

describe('ProfileInformationModal', () => {
  beforeEach(() => {
    signIn();
    profileMock.mockReset().mockResolvedValue(PROFILE);
    typesMock.mockReset().mockResolvedValue(['article', 'video', 'podcast']);
    updateMock.mockReset();
    promoMock.mockReset().mockResolvedValue([]);
    meMock.mockReset();
    vi.stubGlobal('fetch', meMock);
  });

  it("shows 'Loading profile...' and then the profile from GET /profiles/{id}/", async () => {
    let resolve!: (profile: AccountProfile) => void;
    profileMock.mockReturnValue(new Promise((done) => (resolve = done)));
    renderModal();
    expect(dialog('Profile Information')).toBeInTheDocument();
    expect(screen.getByText('Loading profile...')).toBeInTheDocument();
    expect(profileMock).toHaveBeenCalledWith('user-1', expect.any(AbortSignal));

    resolve(PROFILE);
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Alice');
    expect(screen.queryByText('Loading profile...')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveValue('I make videos.');
    expect(checkedIn('Categories')).toEqual(['Technology', 'Art']);
    expect(checkedIn('Interests')).toEqual(['Cloud Computing', 'Music']);
    await waitFor(() => expect(screen.getByLabelText(/^Content Type/)).toHaveValue('video'));
  });

  it('shows the audience score with one decimal out of 100 and a bar of that width', async () => {
    renderModal();
    const meter = await screen.findByRole('meter', { name: 'Audience Score' });
    expect(meter).toHaveAttribute('aria-valuenow', '72.46');
    expect(screen.getByText('72.5 / 100')).toBeInTheDocument();
    expect(screen.getByTestId('profile-score-bar')).toHaveStyle({ width: '72.46%' });
  });

  it("shows 'N/A' without an audience score", async () => {
    profileMock.mockResolvedValue({ ...PROFILE, audience_score: null });
    renderModal();
    expect(await screen.findByText('N/A')).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it("shows the server's detail or 'Failed to fetch profile.', and Retry loads again", async () => {
    profileMock.mockRejectedValueOnce(new ApiError(404, 'Profile not found.'));
    const { unmount } = renderModal();
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile not found.');
    unmount();

    profileMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderModal();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch profile.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Alice');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the content types from GET /content/types', async () => {
    renderModal();
    const select = await screen.findByLabelText(/^Content Type/);
    await waitFor(() =>
      expect(within(select).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
        '',
        'article',
        'video',
        'podcast',
      ]),
    );
    expect(within(select).getByRole('option', { name: 'Podcast' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load content types.')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load content types.' and still offers the known types when the call fails", async () => {
    typesMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderModal();
    expect(await screen.findByText('Failed to load content types.')).toBeInTheDocument();
    const select = screen.getByLabelText(/^Content Type/);
    expect(within(select).getAllByRole('option')).toHaveLength(CONTENT_TYPES.length + 1);
    expect(select).toHaveValue('video');
  });

  it('deselecting a category removes its interests from the choices and the selection', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole('checkbox', { name: 'Art' }));
    expect(checkedIn('Categories')).toEqual(['Technology']);
    expect(within(screen.getByRole('group', { name: 'Interests' })).queryByRole('checkbox', { name: 'Music' })).not.toBeInTheDocument();
    expect(checkedIn('Interests')).toEqual(['Cloud Computing']);

    await user.click(checkbox('Categories', 'Health'));
    expect(checkbox('Interests', 'Fitness')).not.toBeChecked();
  });

  it("requires name, categories and content type: 'Name, categories and content type are required.'", async () => {
    const user = userEvent.setup();
    renderModal();
    const name = await screen.findByLabelText(/^Name/);

    await user.clear(name);
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent('Name, categories and content type are required.');
    await user.type(name, 'Alice');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(checkbox('Categories', 'Technology'));
    await user.click(checkbox('Categories', 'Art'));
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent('Name, categories and content type are required.');
    await user.click(checkbox('Categories', 'Science'));

    await waitFor(() => expect(screen.getByLabelText(/^Content Type/)).toHaveValue('video'));
    await user.selectOptions(screen.getByLabelText(/^Content Type/), '');
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent('Name, categories and content type are required.');
    expect(updateMock).not.toHaveBeenCalled();
  });

  it('saves with PUT /profiles/{id}/ (categories lowercase), refreshes the user, toasts and closes', async () => {
    updateMock.mockResolvedValue({ ...PROFILE, name: 'Alice B.' });
    const refreshed = makeUser({ has_profile_completed: true, categories: ['technology', 'art', 'health'] });
    meMock.mockImplementation(async () => jsonResponse(200, refreshed));
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { onClose } = renderModal();

    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, '  Alice B. ');
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Now podcasts too.');
    await user.click(checkbox('Categories', 'Health'));
    await user.click(checkbox('Interests', 'Fitness'));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Podcast' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Content Type/), 'podcast');
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(updateMock).toHaveBeenCalledWith('user-1', {
      name: 'Alice B.',
      bio: 'Now podcasts too.',
      categories: ['technology', 'art', 'health'],
      interests: ['Cloud Computing', 'Music', 'Fitness'],
      content_type: 'podcast',
    });
    expect(meMock).toHaveBeenCalledTimes(1);
    expect(meMock).toHaveBeenCalledWith('/auth/me', expect.objectContaining({ method: 'GET' }));
    expect(useAppStore.getState().user?.categories).toEqual(['technology', 'art', 'health']);
    expect(meMock.mock.invocationCallOrder[0]).toBeGreaterThan(updateMock.mock.invocationCallOrder[0]!);
    expect(onClose.mock.invocationCallOrder[0]).toBeGreaterThan(meMock.mock.invocationCallOrder[0]!);
    expect(success).toHaveBeenCalledWith('Profile updated successfully!', expect.anything());
  });

  it("shows the server's detail or 'Failed to update profile.' and stays open", async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await screen.findByLabelText(/^Name/);

    updateMock.mockRejectedValueOnce(new ApiError(400, 'Bio must be at most 280 characters.'));
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Bio must be at most 280 characters.');

    updateMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(save());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update profile.'));
    expect(save()).toBeEnabled();
    expect(meMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('has the footer buttons Cancel, Change Password, View Referrals and Promo Codes; Cancel closes', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    const footer = dialog('Profile Information').querySelector<HTMLElement>('.modal-footer')!;
    expect(within(footer).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Cancel',
      'Change Password',
      'View Referrals',
      'Promo Codes',
    ]);
    await user.click(within(footer).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('adds API tokens and Webhooks to the footer when app/ gives their openers, and each calls its own', async () => {
    const onOpenApiTokens = vi.fn();
    const onOpenWebhooks = vi.fn();
    const user = userEvent.setup();
    render(<ProfileInformationModal open onClose={vi.fn()} onOpenApiTokens={onOpenApiTokens} onOpenWebhooks={onOpenWebhooks} />);
    const footer = dialog('Profile Information').querySelector<HTMLElement>('.modal-footer')!;
    expect(within(footer).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Cancel',
      'Change Password',
      'View Referrals',
      'Promo Codes',
      'API tokens',
      'Webhooks',
    ]);
    await user.click(within(footer).getByRole('button', { name: 'API tokens' }));
    expect(onOpenApiTokens).toHaveBeenCalledTimes(1);
    expect(onOpenWebhooks).not.toHaveBeenCalled();
    await user.click(within(footer).getByRole('button', { name: 'Webhooks' }));
    expect(onOpenWebhooks).toHaveBeenCalledTimes(1);
    expect(onOpenApiTokens).toHaveBeenCalledTimes(1);
  });

  it('Change Password opens on top and closing it keeps the unsaved edits', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    const name = await screen.findByLabelText(/^Name/);
    await user.type(name, ' Z');

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const password = dialog('Change Password');
    expect(within(password).getByLabelText('Current password')).toHaveFocus();
    await user.click(within(password).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Alice Z');
    expect(screen.getByRole('button', { name: 'Change Password' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Escape in a footer dialog closes only that dialog', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await screen.findByLabelText(/^Name/);
    await user.click(screen.getByRole('button', { name: 'View Referrals' }));
    expect(dialog('Referral Link')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Referral Link' })).not.toBeInTheDocument();
    expect(dialog('Profile Information')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("View Referrals shows the user's referral link and Promo Codes loads the codes", async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'View Referrals' }));
    expect(within(dialog('Referral Link')).getByLabelText('Your referral link')).toHaveValue(
      `${window.location.origin}/waitlist?ref=ALICE-REF`,
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Promo Codes' }));
    expect(await within(dialog('Promo Codes')).findByText('No promo codes available.')).toBeInTheDocument();
    expect(promoMock).toHaveBeenCalledTimes(1);
  });

  it('closing the profile modal closes an open footer dialog with it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<ProfileInformationModal open onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Promo Codes' }));
    expect(dialog('Promo Codes')).toBeInTheDocument();

    rerender(<ProfileInformationModal open={false} onClose={onClose} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(<ProfileInformationModal open onClose={onClose} />);
    expect(screen.queryByRole('dialog', { name: 'Promo Codes' })).not.toBeInTheDocument();
    expect(profileMock).toHaveBeenCalledTimes(2);
  });
});

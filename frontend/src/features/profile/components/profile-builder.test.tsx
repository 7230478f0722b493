import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import { interestsFor, toggleCategory, validateBasicInfo, validateInterests } from '../profile-setup';
import { ProfileBuilder } from './profile-builder';

const STEP1 = 'Please provide your name and bio.';
const STEP2 = 'Please select at least one category and one interest.';

function signIn() {
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());
}

const renderBuilder = () => renderRoute(<ProfileBuilder />, { path: '/app/profile-builder' });

async function fillStep1(user: ReturnType<typeof userEvent.setup>, name = 'Alice', bio = 'I make videos.') {
  if (name) await user.type(screen.getByLabelText('Name'), name);
  if (bio) await user.type(screen.getByLabelText('Bio'), bio);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('profile setup rules', () => {
  it('requires name and bio, then a category and an interest', () => {
    expect(validateBasicInfo('Alice', 'Bio')).toBeNull();
    expect(validateBasicInfo(' ', 'Bio')).toBe(STEP1);
    expect(validateBasicInfo('Alice', '')).toBe(STEP1);
    expect(validateInterests(['Art'], ['Music'])).toBeNull();
    expect(validateInterests(['Art'], [])).toBe(STEP2);
    expect(validateInterests([], [])).toBe(STEP2);
  });

  it('offers the interests of the chosen categories and drops them with the category', () => {
    expect(interestsFor([])).toEqual([]);
    expect(interestsFor(['Art'])).toEqual(['Digital Art', 'Photography', 'Illustration', 'Music']);
    const chosen = toggleCategory(toggleCategory({ categories: [], interests: [] }, 'Art'), 'Science');
    const withInterests = { ...chosen, interests: ['Music', 'Space'] };
    expect(toggleCategory(withInterests, 'Art')).toEqual({ categories: ['Science'], interests: ['Space'] });
  });
});

describe('ProfileBuilder', () => {
  it('step 1 requires name and bio', async () => {
    const user = userEvent.setup();
    renderBuilder();

    await fillStep1(user, 'Alice', '');

    expect(screen.getByRole('alert')).toHaveTextContent(STEP1);
    expect(screen.getByRole('form', { name: 'Basic Info' })).toBeInTheDocument();
  });

  it('limits name to 50 and bio to 280 characters with counters', async () => {
    const user = userEvent.setup();
    renderBuilder();

    expect(screen.getByText('0/50')).toBeInTheDocument();
    expect(screen.getByText('0/280')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '50');
    expect(screen.getByLabelText('Bio')).toHaveAttribute('maxLength', '280');
    await user.type(screen.getByLabelText('Name'), 'Alice');
    expect(screen.getByText('5/50')).toBeInTheDocument();
  });

  it('offers interests by category, removes them when the category is deselected, and keeps step 1 on Back', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderBuilder();
    await fillStep1(user);

    const interests = () => within(screen.getByRole('group', { name: 'Interests' }));
    expect(interests().queryAllByRole('checkbox')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Art' }));
    expect(interests().getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Digital Art',
      'Photography',
      'Illustration',
      'Music',
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Music' }));
    expect(screen.getByRole('checkbox', { name: 'Music' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Art' }));
    expect(screen.queryByRole('checkbox', { name: 'Music' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Art' }));
    expect(screen.getByRole('checkbox', { name: 'Music' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByRole('alert')).toHaveTextContent(STEP2);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Alice');
    expect(screen.getByLabelText('Bio')).toHaveValue('I make videos.');
  });

  it('saves on step 2 with lowercase categories, refreshes the user and opens /app/home', async () => {
    signIn();
    const completed = makeUser({ has_profile_completed: true });
    const fetchMock = vi.fn(async (url: string) => (url === '/profiles/' ? jsonResponse(201, completed) : jsonResponse(200, completed)));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderBuilder();
    await fillStep1(user);

    expect(screen.getByLabelText('Main content type')).toHaveValue('article');
    await user.click(screen.getByRole('checkbox', { name: 'Technology' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cybersecurity' }));
    await user.selectOptions(screen.getByLabelText('Main content type'), 'video');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/app/home');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/profiles/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Alice',
      bio: 'I make videos.',
      categories: ['technology'],
      interests: ['Cybersecurity'],
      content_type: 'video',
    });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/auth/me');
    expect(useAppStore.getState().user?.has_profile_completed).toBe(true);
  });

  async function failSave(response: () => Promise<Response>) {
    signIn();
    vi.stubGlobal('fetch', vi.fn(response));
    const user = userEvent.setup();
    renderBuilder();
    await fillStep1(user);
    await user.click(screen.getByRole('checkbox', { name: 'Health' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fitness' }));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    return { user, dialog: await screen.findByRole('alertdialog') };
  }

  it("shows the server's detail in an error dialog", async () => {
    const { user, dialog } = await failSave(async () => jsonResponse(409, { detail: 'Profile already exists.' }));

    expect(dialog).toHaveTextContent('Profile already exists.');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Fitness' })).toBeChecked();
  });

  it("falls back to 'Failed to create profile.' without a detail", async () => {
    const { dialog } = await failSave(async () => jsonResponse(500, {}));
    expect(dialog).toHaveTextContent('Failed to create profile.');
  });

  it("shows 'An unexpected error occurred.' when no answer came", async () => {
    const { dialog } = await failSave(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(dialog).toHaveTextContent('An unexpected error occurred.');
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { WorkspaceDto } from '@/features/workspace/types';
import { api } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import { pagesOf } from '@/testing/page';
import HomePage from './home';

// The four modals belong to other features; here only their props matter.
vi.mock('@/features/sharing/components/share-content-modal', () => ({
  ShareContentModal: ({
    open,
    content,
    onClose,
    onShared,
    onDailyLimit,
    onAddContacts,
  }: {
    open: boolean;
    content: { id: string; title: string } | null;
    onClose: () => void;
    onShared: (answer: { message: string; share_count: number; match: { delivered: number; required: number; completed: boolean } }) => void;
    onDailyLimit?: () => void;
    onAddContacts?: () => void;
  }) =>
    open ? (
      <div role="dialog" aria-label="Share content">
        <p>sharing {content?.title}</p>
        {/* The server's answer: one person reached, the match at 1 of 2. */}
        <button type="button" onClick={() => onShared({ message: 'Content shared successfully!', share_count: 1, match: { delivered: 1, required: 2, completed: false } })}>
          confirm share
        </button>
        <button type="button" onClick={() => { onClose(); onDailyLimit?.(); }}>
          hit daily limit
        </button>
        <button type="button" onClick={onClose}>
          close share
        </button>
        <button type="button" onClick={onAddContacts}>
          add contacts
        </button>
      </div>
    ) : null,
}));
vi.mock('@/features/flags/components/flag-content-modal', () => ({
  FlagContentModal: ({ open, contentId, onClose }: { open: boolean; contentId: string | null; onClose: () => void }) =>
    open ? (
      <div role="dialog" aria-label="Flag content">
        flagging {contentId}
        <button type="button" onClick={onClose}>
          close flag
        </button>
      </div>
    ) : null,
}));
vi.mock('@/features/creators/components/creator-profile-modal', () => ({
  CreatorProfileModal: ({ open, userId, username }: { open: boolean; userId: string | null; username: string }) =>
    open ? <div role="dialog" aria-label="Creator profile">{`${username} (${userId})`}</div> : null,
}));
vi.mock('@/features/premium/components/premium-upsell-modal', () => ({
  PremiumUpsellModal: ({ open, onClose }: { open: boolean; onClose: () => void }) =>
    open ? (
      <div role="dialog" aria-label="Premium upsell">
        <button type="button" onClick={onClose}>
          close upsell
        </button>
      </div>
    ) : null,
}));

type Selection = { match_ids: string[]; content_ids: string[] };
/** The server's kept selection and each match's delivered shares (of 2). */
let kept: Selection = { match_ids: [], content_ids: [] };
let delivered: Record<string, number> = {};
/** The kept workspace as the server answers it. */
function workspaceOf(selection: Selection): WorkspaceDto {
  const matches = selection.match_ids.map((id) => makeContent(id, { required_shares: 2 }));
  return {
    ...selection,
    matches: matches.map((content) => ({ content_id: content.id, title: content.title, delivered: delivered[content.id] ?? 0, required: 2, completed: false, content })),
    contents: selection.content_ids.map((id) => makeContent(id)),
    progress_percent: 0,
    shares_left_today: 3,
    daily_share_limit: 3,
  };
}

let get: Mock<(path: string, request?: unknown) => Promise<unknown>>;
let searchAnswer: unknown[] = [];

const step = (n: number) => screen.getByRole('region', { name: new RegExp(`^Step ${n}:`) });

describe('Home page', () => {
  beforeEach(() => {
    searchAnswer = [makeContent('s1'), makeContent('s2')];
    get = vi.fn(async (path: string) => {
      if (path === '/content/match') return [makeContent('m1', { required_shares: 1 })];
      if (path === '/content/') return [makeContent('own1', { share_count: 1 })];
      if (path === '/search/') return searchAnswer;
      if (path === '/workspace') return workspaceOf(kept);
      return { remaining_shuffles: 1 };
    });
    vi.spyOn(api, 'get').mockImplementation(get as never);
    kept = { match_ids: [], content_ids: [] };
    delivered = {};
    vi.spyOn(api, 'put').mockImplementation((async (_path: string, selection: Selection) => workspaceOf((kept = selection))) as never);
    vi.spyOn(api, 'getPage').mockImplementation(pagesOf(get as never) as never);
    useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
  });

  it('opens the creator profile and the flag modal from a match', async () => {
    const user = userEvent.setup();
    const match = (await within(step(1)).findByRole('button', { name: 'Select Title m1' })).closest('li')!;
    await user.click(within(match).getByRole('button', { name: 'by creatorm1' }));
    expect(screen.getByRole('dialog', { name: 'Creator profile' })).toHaveTextContent('creatorm1 (creator-m1)');

    await user.click(within(match).getByRole('button', { name: 'Flag Title m1' }));
    const flag = screen.getByRole('dialog', { name: 'Flag content' });
    expect(flag).toHaveTextContent('flagging m1');
    await user.click(within(flag).getByRole('button', { name: 'close flag' }));
    expect(screen.queryByRole('dialog', { name: 'Flag content' })).not.toBeInTheDocument();
  });

  it('a successful share closes the share modal and advances the progress', async () => {
    const user = userEvent.setup();
    const select = await within(step(1)).findByRole('button', { name: 'Select Title m1' });
    expect(select).toHaveAttribute('aria-pressed', 'false');
    await user.click(select);
    expect(select).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(step(3)).getByRole('button', { name: 'Share Title m1' }));
    expect(screen.getByRole('dialog', { name: 'Share content' })).toHaveTextContent('sharing Title m1');

    delivered.m1 = 1;
    await user.click(screen.getByRole('button', { name: 'confirm share' }));
    expect(screen.queryByRole('dialog', { name: 'Share content' })).not.toBeInTheDocument();
    expect(within(step(3)).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  });

  it('reaching the daily share limit closes the share modal and opens the upsell', async () => {
    const user = userEvent.setup();
    await user.click(await within(step(1)).findByRole('button', { name: 'Select Title m1' }));
    await user.click(within(step(3)).getByRole('button', { name: 'Share Title m1' }));
    await user.click(screen.getByRole('button', { name: 'hit daily limit' }));
    expect(screen.queryByRole('dialog', { name: 'Share content' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Premium upsell' })).toBeInTheDocument();
  });

  it("'Add contacts' in the share modal closes it and opens the sidebar's Contacts panel", async () => {
    const user = userEvent.setup();
    await user.click(await within(step(1)).findByRole('button', { name: 'Select Title m1' }));
    await user.click(within(step(3)).getByRole('button', { name: 'Share Title m1' }));
    expect(useAppStore.getState().openPanel).toBeNull();
    await user.click(screen.getByRole('button', { name: 'add contacts' }));
    expect(screen.queryByRole('dialog', { name: 'Share content' })).not.toBeInTheDocument();
    expect(useAppStore.getState().openPanel).toBe('contacts');
  });

  it('a Premium filter chosen by a free user opens the upsell, which closes', async () => {
    const user = userEvent.setup();
    await within(step(1)).findByRole('button', { name: 'Select Title m1' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'View' }), 'rankedContent');
    await user.click(within(screen.getByRole('dialog', { name: 'Premium upsell' })).getByRole('button', { name: 'close upsell' }));
    expect(screen.queryByRole('dialog', { name: 'Premium upsell' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'View' })).toHaveValue('standard');
  });

  it("Manage opens 'Manage Content' with the own contents; a Free user's Upgrade swaps it for the upsell", async () => {
    const user = userEvent.setup();
    await within(step(2)).findByRole('button', { name: 'Select Title own1' });
    await user.click(within(step(2)).getByRole('button', { name: 'Manage' }));
    const manage = screen.getByRole('dialog', { name: 'Manage Content' });
    expect(within(manage).getByRole('tab', { name: 'Content Management' })).toHaveAttribute('aria-selected', 'true');
    expect(within(manage).getByRole('list', { name: 'Your content' })).toHaveTextContent('Title own1');
    expect(within(manage).getByRole('list', { name: 'Your content' })).toHaveTextContent('1 share');

    await user.click(within(manage).getByRole('button', { name: 'Upgrade to Premium' }));
    expect(screen.queryByRole('dialog', { name: 'Manage Content' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Premium upsell' })).toBeInTheDocument();
  });

  it('Advanced Search results replace the matches, and Clear search brings the matches back', async () => {
    const user = userEvent.setup();
    await within(step(1)).findByRole('button', { name: 'Select Title m1' });
    await user.click(within(step(1)).getByRole('button', { name: 'Advanced Search' }));
    const search = screen.getByRole('dialog', { name: 'Advanced Search' });
    await user.type(within(search).getByLabelText('Search query'), 'engines');
    await user.click(within(within(search).getByRole('group', { name: 'Categories' })).getByRole('checkbox', { name: 'Technology' }));
    await user.click(within(search).getByRole('checkbox', { name: 'Article' }));
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Advanced Search' })).not.toBeInTheDocument());
    expect(get).toHaveBeenCalledWith('/search/', expect.objectContaining({ query: expect.objectContaining({ query: 'engines', categories: ['technology'] }) }));
    const results = within(step(1)).getByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('button', { name: /^Select / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Select Title s1', 'Select Title s2']);
    expect(within(step(1)).queryByRole('button', { name: 'Select Title m1' })).not.toBeInTheDocument();

    await user.click(within(step(1)).getByRole('button', { name: 'Clear search' }));
    expect(within(step(1)).getByRole('button', { name: 'Select Title m1' })).toBeInTheDocument();
    expect(within(step(1)).queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('an empty search answer keeps the matches and says so in the search modal', async () => {
    const user = userEvent.setup();
    searchAnswer = [];
    await within(step(1)).findByRole('button', { name: 'Select Title m1' });
    await user.click(within(step(1)).getByRole('button', { name: 'Advanced Search' }));
    const search = screen.getByRole('dialog', { name: 'Advanced Search' });
    await user.type(within(search).getByLabelText('Search query'), 'nothing');
    await user.click(within(within(search).getByRole('group', { name: 'Categories' })).getByRole('checkbox', { name: 'Art' }));
    await user.click(within(search).getByRole('checkbox', { name: 'Video' }));
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    expect(await within(search).findByRole('status')).toHaveTextContent('No content matches your search.');
    expect(within(step(1)).getByRole('button', { name: 'Select Title m1' })).toBeInTheDocument();
  });

  it('View queue opens the content list with the selections', async () => {
    const user = userEvent.setup();
    await user.click(await within(step(2)).findByRole('button', { name: 'Select Title own1' }));
    expect(within(step(2)).getByRole('button', { name: 'Select Title own1' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(step(3)).getByRole('button', { name: 'View queue' }));
    const list = screen.getByRole('dialog', { name: 'Content List' });
    expect(within(list).getByRole('region', { name: 'Your Content Queue' })).toHaveTextContent('Title own1');
    expect(within(list).getByRole('region', { name: 'Matched Contents' })).toHaveTextContent('No matched contents available.');
  });
});

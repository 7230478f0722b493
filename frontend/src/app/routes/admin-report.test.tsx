import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import AdminReportPage from './admin-report';

const signIn = (isAdmin: boolean) =>
  act(() => useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_admin: isAdmin })));
const renderPage = () =>
  render(
    <MemoryRouter>
      <AdminReportPage />
    </MemoryRouter>,
  );

describe('the /admin-report page', () => {
  it("says 'Access Denied.' to a non-admin and asks for no flags", () => {
    const get = vi.spyOn(api, 'get');
    const getPage = vi.spyOn(api, 'getPage');
    signIn(false);
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Access Denied.');
    expect(screen.queryByRole('heading', { name: 'Flagged content' })).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    expect(getPage).not.toHaveBeenCalled();
  });

  it('shows an admin the flag list', async () => {
    vi.spyOn(api, 'getPage').mockResolvedValue({ items: [], total: 0 });
    signIn(true);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Flagged content' })).toBeInTheDocument();
    expect(await screen.findByText('No content has been flagged.')).toBeInTheDocument();
    expect(screen.queryByText('Access Denied.')).not.toBeInTheDocument();
  });
});

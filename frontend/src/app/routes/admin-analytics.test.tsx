import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import AdminAnalyticsPage from './admin-analytics';

const signIn = (isAdmin: boolean) =>
  act(() => useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_admin: isAdmin })));
const renderPage = () =>
  render(
    <MemoryRouter>
      <AdminAnalyticsPage />
    </MemoryRouter>,
  );

describe('the /admin-analytics page', () => {
  it("says 'Access Denied.' to a non-admin and asks for no analytics", () => {
    const get = vi.spyOn(api, 'get');
    signIn(false);
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Access Denied.');
    expect(screen.queryByRole('button', { name: 'Replay' })).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('shows an admin the analytics and the replay', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ bucket: 'day', from: '2026-03-02', to: '2026-03-02', series: [] });
    signIn(true);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Founder analytics' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replay' })).toBeEnabled();
    expect(await screen.findByRole('img', { name: /^Creators/ })).toBeInTheDocument();
  });
});

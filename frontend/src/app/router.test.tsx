import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { AppRoutes, preloadPages } from './router';

const renderApp = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppRoutes />
    </MemoryRouter>,
  );

describe('routes', () => {
  it('opens the lazy login page', async () => {
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Sign in to Crossfeed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a visitor without a token from /app/home to the login page', async () => {
    renderApp('/app/home');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-in non-admin from /admin-report to 403 - Not Authorized', async () => {
    const error = vi.spyOn(toast, 'error');
    useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());

    renderApp('/admin-report');

    expect(await screen.findByRole('heading', { name: '403 - Not Authorized' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Access denied. Admins only.', expect.anything());
  });

  it('opens the admin report for an admin', async () => {
    useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_admin: true }));

    renderApp('/admin-report');

    expect(await screen.findByRole('heading', { name: 'Flagged content' })).toBeInTheDocument();
  });
});

describe('preloadPages', () => {
  it('loads the /app shell and its page ahead, so the first render shows the page rather than the loader', async () => {
    useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ has_profile_completed: true }));
    await preloadPages('/app/profile-builder');

    renderApp('/app/profile-builder');

    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});

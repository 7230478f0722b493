import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import { RequireAuth } from './require-auth';

describe('RequireAuth', () => {
  it('sends a visitor without a token to /login', () => {
    renderRoute(<RequireAuth>workspace</RequireAuth>, { path: '/app/home' });

    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('shows the page with a token and leaves for /login on logout', () => {
    useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());
    renderRoute(<RequireAuth>workspace</RequireAuth>, { path: '/app/home' });
    expect(screen.getByText('workspace')).toBeInTheDocument();

    act(() => useAppStore.getState().logout());

    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

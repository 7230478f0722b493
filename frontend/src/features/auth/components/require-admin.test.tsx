import { screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import { RequireAdmin } from './require-admin';

const exp = () => Math.floor(Date.now() / 1000) + 3600;

describe('RequireAdmin', () => {
  it("sends a non-admin to /not-authorized with 'Access denied. Admins only.'", async () => {
    const error = vi.spyOn(toast, 'error');
    useAppStore.getState().login(makeJwt(exp()), makeUser({ is_admin: false }));

    renderRoute(<RequireAdmin>admin page</RequireAdmin>, { path: '/admin-report' });

    expect(await screen.findByTestId('location')).toHaveTextContent('/not-authorized');
    expect(error).toHaveBeenCalledWith('Access denied. Admins only.', expect.anything());
    expect(screen.queryByText('admin page')).not.toBeInTheDocument();
  });

  it('shows the page to an admin', () => {
    const error = vi.spyOn(toast, 'error');
    useAppStore.getState().login(makeJwt(exp()), makeUser({ is_admin: true }));

    renderRoute(<RequireAdmin>admin page</RequireAdmin>, { path: '/admin-report' });

    expect(screen.getByText('admin page')).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });
});

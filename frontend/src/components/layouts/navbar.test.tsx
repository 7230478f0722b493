import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import { Navbar } from './navbar';

const signIn = (isAdmin: boolean) =>
  act(() => useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_admin: isAdmin })));

describe('Navbar', () => {
  it('offers Get Started (/signup) and Login (/login) to visitors, and the menu', () => {
    renderRoute(<Navbar />, { path: '/pricing' });
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My workspace' })).not.toBeInTheDocument();
  });

  it('leads a signed-in creator to the workspace instead of Get Started and Login', () => {
    signIn(false);
    renderRoute(<Navbar />, { path: '/pricing' });
    expect(screen.getByRole('link', { name: 'My workspace' })).toHaveAttribute('href', '/app/home');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
  });

  it('shows its border only once the page has scrolled more than 8 px', () => {
    renderRoute(<Navbar />, { path: '/pricing' });
    const header = screen.getByRole('banner');
    expect(header).not.toHaveClass('site-header-scrolled');
    act(() => {
      window.scrollY = 8;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).not.toHaveClass('site-header-scrolled');
    act(() => {
      window.scrollY = 9;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveClass('site-header-scrolled');
    act(() => {
      window.scrollY = 0;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).not.toHaveClass('site-header-scrolled');
  });

  it('adds the admin pages for an admin', () => {
    signIn(true);
    renderRoute(<Navbar />, { path: '/pricing' });
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin-report');
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/admin-analytics');
  });
});

describe('NavMenu', () => {
  const menuLinks = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    return screen.getAllByRole('link').filter((link) => link.classList.contains('nav-menu-link')).map((link) => link.textContent);
  };

  it('lists Pricing, About and Contact', async () => {
    signIn(false);
    renderRoute(<Navbar />, { path: '/pricing' });
    expect(await menuLinks()).toEqual(['Pricing', 'About', 'Contact']);
  });

  it('adds the admin pages for an admin, where narrow screens find them', async () => {
    signIn(true);
    renderRoute(<Navbar />, { path: '/pricing' });
    expect(await menuLinks()).toEqual(['Pricing', 'About', 'Contact', 'Admin report', 'Founder analytics']);
  });
});

import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { useAppStore } from '@/stores/app-store';
import { NavMenu } from './nav-menu';

/** SPEC §9: the navigation bar's border appears once the page has scrolled more than 8 px. */
export const NAVBAR_BORDER_AFTER_PX = 8;

/** Whether the window has scrolled more than `px` (passive listener, one state change per crossing). */
function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > px);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}

/**
 * SPEC §1: brand logo, Get Started, Login and the menu. Signed in, Get Started and Login would lead
 * nowhere useful, so they give way to the workspace (and, for admins, the admin pages).
 */
export function Navbar() {
  const signedIn = useAppStore((state) => state.token !== null && state.user !== null);
  const isAdmin = useAppStore((state) => state.user?.is_admin === true);
  const scrolled = useScrolledPast(NAVBAR_BORDER_AFTER_PX);
  return (
    <header className={scrolled ? 'site-header site-header-scrolled' : 'site-header'}>
      <nav className="navbar" aria-label="Main">
        <Link to="/" className="brand" aria-label="Crossfeed home">
          <BrandLogo />
          <span className="brand-name">Crossfeed</span>
        </Link>
        <div className="navbar-actions">
          {signedIn ? (
            <>
              {isAdmin ? (
                <>
                  <Link to="/admin-report" className="button button-ghost navbar-admin-link">
                    Admin
                  </Link>
                  <Link to="/admin-analytics" className="button button-ghost navbar-admin-link">
                    Analytics
                  </Link>
                </>
              ) : null}
              <Link to="/app/home" className="button button-primary">
                My workspace
              </Link>
            </>
          ) : (
            <>
              <Link to="/signup" className="button button-primary navbar-get-started">
                Get Started
              </Link>
              <Link to="/login" className="button button-ghost">
                Login
              </Link>
            </>
          )}
          <NavMenu />
        </div>
      </nav>
    </header>
  );
}

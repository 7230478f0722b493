import { Link } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { useAppStore } from '@/stores/app-store';
import { NavMenu } from './nav-menu';

/**
 * SPEC §1: brand logo, Get Started, Login and the menu. Signed in, Get Started and Login would lead
 * nowhere useful, so they give way to the workspace (and, for admins, the admin pages).
 */
export function Navbar() {
  const signedIn = useAppStore((state) => state.token !== null && state.user !== null);
  const isAdmin = useAppStore((state) => state.user?.is_admin === true);
  return (
    <header className="site-header">
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

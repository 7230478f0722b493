import { Link } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { NavMenu } from './nav-menu';

export function Navbar() {
  return (
    <header className="site-header">
      <nav className="navbar" aria-label="Main">
        <Link to="/" className="brand" aria-label="Crossfeed home">
          <BrandLogo />
          <span className="brand-name">Crossfeed</span>
        </Link>
        <div className="navbar-actions">
          <Link to="/signup" className="button button-primary">
            Get Started
          </Link>
          <Link to="/login" className="button button-ghost">
            Login
          </Link>
          <NavMenu />
        </div>
      </nav>
    </header>
  );
}

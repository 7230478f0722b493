import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { RouteAnalytics } from './route-analytics';

/** The shell around every route: navigation bar, the page, footer. */
export function MainLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Navbar />
      <main id="main-content" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
      <RouteAnalytics />
    </div>
  );
}

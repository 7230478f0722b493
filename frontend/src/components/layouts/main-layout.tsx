import { Outlet } from 'react-router-dom';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { RouteAnalytics } from './route-analytics';
import { ScrollToTop } from './scroll-to-top';

/** The shell around every route: navigation bar, the page, footer. */
export function MainLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Navbar />
      <main id="main-content" className="site-main" tabIndex={-1}>
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <Footer />
      <ScrollToTop />
      <RouteAnalytics />
    </div>
  );
}

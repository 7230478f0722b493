import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { PageLoader } from '@/components/ui/page-loader';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { RequireAuth } from '@/features/auth/components/require-auth';

// Every page is its own chunk, so the first load only carries the shell and the page it opens.
const WaitlistPage = lazy(() => import('./routes/waitlist'));
const PricingPage = lazy(() => import('./routes/pricing'));
const AboutPage = lazy(() => import('./routes/about'));
const ContactPage = lazy(() => import('./routes/contact'));
const LoginPage = lazy(() => import('./routes/auth/login'));
const SignupPage = lazy(() => import('./routes/auth/signup'));
const ForgotPasswordPage = lazy(() => import('./routes/auth/forgot-password'));
const ResetPasswordPage = lazy(() => import('./routes/auth/reset-password'));
const TermsPage = lazy(() => import('./routes/terms'));
const PaymentSuccessPage = lazy(() => import('./routes/payment/success'));
const PaymentCancelPage = lazy(() => import('./routes/payment/cancel'));
// The pages inside /app: their chunk is requested together with the /app shell's instead of after it
// has loaded (one round trip less on a slow network). A failed preload is left to the page's own import.
const appPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  home: () => import('./routes/app/home'),
  'profile-builder': () => import('./routes/app/profile-builder'),
  'audience-insights': () => import('./routes/app/audience-insights'),
};
const AppRoot = lazy(() => {
  // The shell first: it renders first, and the browser sends requests in the order they are made.
  const shell = import('./routes/app/root');
  appPages[window.location.pathname.split('/')[2] ?? '']?.().catch(() => undefined);
  return shell;
});
const HomePage = lazy(appPages.home!);
const ProfileBuilderPage = lazy(appPages['profile-builder']!);
const AudienceInsightsPage = lazy(appPages['audience-insights']!);
const CheckoutPage = lazy(() => import('./routes/checkout'));
const AdminReportPage = lazy(() => import('./routes/admin-report'));
const AdminAnalyticsPage = lazy(() => import('./routes/admin-analytics'));
const NotAuthorizedPage = lazy(() => import('./routes/not-authorized'));

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

function protectedPage(Page: LazyExoticComponent<ComponentType>) {
  return <RequireAuth>{page(Page)}</RequireAuth>;
}

export const routes: RouteObject[] = [
  {
    // MainLayout keeps the navigation bar and footer on screen when a page throws (its RouteErrorBoundary).
    element: <MainLayout />,
    children: [
      {
        children: [
          { path: '/', element: <Navigate to="/waitlist" replace /> },
          { path: '/waitlist', element: page(WaitlistPage) },
          { path: '/pricing', element: page(PricingPage) },
          { path: '/about', element: page(AboutPage) },
          { path: '/contact', element: page(ContactPage) },
          { path: '/login', element: page(LoginPage) },
          { path: '/signup', element: page(SignupPage) },
          { path: '/forgot-password', element: page(ForgotPasswordPage) },
          { path: '/reset-password', element: page(ResetPasswordPage) },
          { path: '/terms', element: page(TermsPage) },
          { path: '/success', element: protectedPage(PaymentSuccessPage) },
          { path: '/cancel', element: page(PaymentCancelPage) },
          {
            path: '/app',
            element: protectedPage(AppRoot),
            children: [
              { index: true, element: <Navigate to="/app/home" replace /> },
              { path: 'home', element: page(HomePage) },
              { path: 'profile-builder', element: page(ProfileBuilderPage) },
              { path: 'audience-insights', element: page(AudienceInsightsPage) },
            ],
          },
          { path: '/checkout', element: protectedPage(CheckoutPage) },
          // Without a token it is a login; a non-admin gets the toast and /not-authorized (SPEC.md section 2).
          {
            path: '/admin-report',
            element: (
              <RequireAuth>
                <RequireAdmin>{page(AdminReportPage)}</RequireAdmin>
              </RequireAuth>
            ),
          },
          {
            path: '/admin-analytics',
            element: (
              <RequireAuth>
                <RequireAdmin>{page(AdminAnalyticsPage)}</RequireAdmin>
              </RequireAuth>
            ),
          },
          { path: '/not-authorized', element: page(NotAuthorizedPage) },
          { path: '*', element: <Navigate to="/waitlist" replace /> },
        ],
      },
    ],
  },
];

/**
 * The app's pages, rendered inside a `<BrowserRouter>` (app.tsx) or, in tests, a `<MemoryRouter>`.
 * React Router's declarative mode, not its data router: no page uses loaders or actions, and the data
 * router was 18 kB gzip more of the entry chunk every page downloads first (docs/performance.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

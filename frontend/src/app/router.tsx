import { Suspense, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { PageLoader } from '@/components/ui/page-loader';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { lazyPage, type LazyPage } from './lazy-page';

// Every page is its own chunk, so the first load only carries the shell and the page it opens.
const WaitlistPage = lazyPage(() => import('./routes/waitlist'));
const PricingPage = lazyPage(() => import('./routes/pricing'));
const AboutPage = lazyPage(() => import('./routes/about'));
const ContactPage = lazyPage(() => import('./routes/contact'));
const LoginPage = lazyPage(() => import('./routes/auth/login'));
const SignupPage = lazyPage(() => import('./routes/auth/signup'));
const ForgotPasswordPage = lazyPage(() => import('./routes/auth/forgot-password'));
const ResetPasswordPage = lazyPage(() => import('./routes/auth/reset-password'));
const TermsPage = lazyPage(() => import('./routes/terms'));
const PaymentSuccessPage = lazyPage(() => import('./routes/payment/success'));
const PaymentCancelPage = lazyPage(() => import('./routes/payment/cancel'));
// The pages inside /app: their chunk is requested together with the /app shell's instead of after it
// has loaded (one round trip less on a slow network). A failed preload is left to the page's own import.
const appPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  home: () => import('./routes/app/home'),
  'profile-builder': () => import('./routes/app/profile-builder'),
  'audience-insights': () => import('./routes/app/audience-insights'),
};
const AppRoot = lazyPage(() => {
  // The shell first: it renders first, and the browser sends requests in the order they are made.
  const shell = import('./routes/app/root');
  appPages[window.location.pathname.split('/')[2] ?? '']?.().catch(() => undefined);
  return shell;
});
const HomePage = lazyPage(appPages.home!);
const ProfileBuilderPage = lazyPage(appPages['profile-builder']!);
const AudienceInsightsPage = lazyPage(appPages['audience-insights']!);
const CheckoutPage = lazyPage(() => import('./routes/checkout'));
const AdminReportPage = lazyPage(() => import('./routes/admin-report'));
const AdminAnalyticsPage = lazyPage(() => import('./routes/admin-analytics'));
const NotAuthorizedPage = lazyPage(() => import('./routes/not-authorized'));

function page(Page: LazyPage) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

function protectedPage(Page: LazyPage) {
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
          { path: '/waitlist', element: page(WaitlistPage), handle: { page: WaitlistPage } },
          { path: '/pricing', element: page(PricingPage), handle: { page: PricingPage } },
          { path: '/about', element: page(AboutPage), handle: { page: AboutPage } },
          { path: '/contact', element: page(ContactPage), handle: { page: ContactPage } },
          { path: '/login', element: page(LoginPage), handle: { page: LoginPage } },
          { path: '/signup', element: page(SignupPage), handle: { page: SignupPage } },
          { path: '/forgot-password', element: page(ForgotPasswordPage), handle: { page: ForgotPasswordPage } },
          { path: '/reset-password', element: page(ResetPasswordPage), handle: { page: ResetPasswordPage } },
          { path: '/terms', element: page(TermsPage), handle: { page: TermsPage } },
          { path: '/success', element: protectedPage(PaymentSuccessPage), handle: { page: PaymentSuccessPage } },
          { path: '/cancel', element: page(PaymentCancelPage), handle: { page: PaymentCancelPage } },
          {
            path: '/app',
            element: protectedPage(AppRoot),
            handle: { page: AppRoot },
            children: [
              { index: true, element: <Navigate to="/app/home" replace /> },
              { path: 'home', element: page(HomePage), handle: { page: HomePage } },
              { path: 'profile-builder', element: page(ProfileBuilderPage), handle: { page: ProfileBuilderPage } },
              { path: 'audience-insights', element: page(AudienceInsightsPage), handle: { page: AudienceInsightsPage } },
            ],
          },
          { path: '/checkout', element: protectedPage(CheckoutPage), handle: { page: CheckoutPage } },
          // Without a token it is a login; a non-admin gets the toast and /not-authorized (SPEC.md section 2).
          {
            path: '/admin-report',
            element: (
              <RequireAuth>
                <RequireAdmin>{page(AdminReportPage)}</RequireAdmin>
              </RequireAuth>
            ),
            handle: { page: AdminReportPage },
          },
          {
            path: '/admin-analytics',
            element: (
              <RequireAuth>
                <RequireAdmin>{page(AdminAnalyticsPage)}</RequireAdmin>
              </RequireAuth>
            ),
            handle: { page: AdminAnalyticsPage },
          },
          { path: '/not-authorized', element: page(NotAuthorizedPage), handle: { page: NotAuthorizedPage } },
          { path: '*', element: <Navigate to="/waitlist" replace /> },
        ],
      },
    ],
  },
];

/**
 * Loads the pages `pathname` opens (the /app shell and its page, say) ahead of the first render; resolves
 * either way: a page that failed to load is left to its own lazy import, which shows the error.
 */
export async function preloadPages(pathname: string): Promise<void> {
  const matched = matchRoutes(routes, pathname) ?? [];
  const pages = matched.map(({ route }) => (route.handle as { page?: LazyPage } | undefined)?.page).filter((page) => page !== undefined);
  await Promise.all(pages.map((page) => page.preload().catch(() => undefined)));
}

/**
 * The app's pages, rendered inside a `<BrowserRouter>` (app.tsx) or, in tests, a `<MemoryRouter>`.
 * React Router's declarative mode, not its data router: no page uses loaders or actions, and the data
 * router was 18 kB gzip more of the entry chunk every page downloads first (docs/performance.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

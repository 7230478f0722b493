import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { AppToasts } from '@/components/toasts/app-toasts';
import { registerNavigator } from '@/lib/navigation';
import { whenPageIdle } from '@/lib/when-page-idle';
import { AppRoutes } from './router';

/** The session timer and the API client change route from outside React: they get the router's navigate. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    registerNavigator((to, options) => navigate(to, options));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

/** The router's content, the same in the browser and in the build's prerender (app/prerender.tsx). */
export function AppPages() {
  return (
    <>
      <NavigatorBridge />
      <AppRoutes />
    </>
  );
}

/** What is around the router, the same in the browser and in the build's prerender. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      {children}
      <AppToasts />
    </AppErrorBoundary>
  );
}

export function App() {
  // One socket per session, opened and closed as the token comes and goes. Loaded once the page has shown
  // and the browser is idle: socket.io-client is no page's to show, and running it would hold the page back.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    const cancel = whenPageIdle(() => {
      import('./realtime')
        .then(({ startAppRealtime }) => {
          if (!unmounted) stop = startAppRealtime();
        })
        .catch((error: unknown) => console.warn('Live updates are unavailable until the page is reloaded.', error));
    });
    return () => {
      unmounted = true;
      cancel();
      stop?.();
    };
  }, []);

  return (
    <AppFrame>
      <BrowserRouter>
        <AppPages />
      </BrowserRouter>
    </AppFrame>
  );
}

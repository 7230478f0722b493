import { useEffect, useLayoutEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { AppToasts } from '@/components/toasts/app-toasts';
import { registerNavigator } from '@/lib/navigation';
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

export function App() {
  // One socket per session, opened and closed as the token comes and goes. Loaded after the first render:
  // socket.io-client is a tenth of the entry chunk and no page needs it to show.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    import('./realtime')
      .then(({ startAppRealtime }) => {
        if (!unmounted) stop = startAppRealtime();
      })
      .catch((error: unknown) => console.warn('Live updates are unavailable until the page is reloaded.', error));
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);

  return (
    <AppErrorBoundary>
      <BrowserRouter>
        <NavigatorBridge />
        <AppRoutes />
      </BrowserRouter>
      <AppToasts />
    </AppErrorBoundary>
  );
}

import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { AppToasts } from '@/components/toasts/app-toasts';
import { registerNavigator } from '@/lib/navigation';
import { startAppRealtime } from './realtime';
import { createAppRouter } from './router';

const router = createAppRouter();
// The session timer and the API client change route from outside React.
registerNavigator((to, options) => router.navigate(to, options));

export function App() {
  // One socket per session, opened and closed as the token comes and goes.
  useEffect(() => startAppRealtime(), []);

  return (
    <AppErrorBoundary>
      <RouterProvider router={router} />
      <AppToasts />
    </AppErrorBoundary>
  );
}

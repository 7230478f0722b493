import { RouterProvider } from 'react-router-dom';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App() {
  return (
    <AppErrorBoundary>
      <RouterProvider router={router} />
    </AppErrorBoundary>
  );
}

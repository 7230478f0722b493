import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppStore } from '@/stores/app-store';

type RequireAuthProps = { children: ReactNode };

/** Sends visitors without a token to /login, remembering where they were going. Reacts to logout. */
export function RequireAuth({ children }: RequireAuthProps) {
  const location = useLocation();
  const token = useAppStore((state) => state.token);
  if (!token) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children;
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { readStoredToken } from '../utils/token-storage';

type RequireAuthProps = { children: ReactNode };

/** Sends visitors without a token to /login, remembering where they were going. */
export function RequireAuth({ children }: RequireAuthProps) {
  const location = useLocation();
  if (!readStoredToken()) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children;
}

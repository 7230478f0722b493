import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { selectIsAdmin } from '@/stores/session-selectors';
import { useAppStore } from '@/stores/app-store';

type RequireAdminProps = { children: ReactNode };

/** SPEC §2: a non-admin opening an admin page gets 'Access denied. Admins only.' and goes to /not-authorized. */
export function RequireAdmin({ children }: RequireAdminProps) {
  const isAdmin = useAppStore(selectIsAdmin);
  useEffect(() => {
    // The fixed id keeps StrictMode's second effect run from stacking a second toast.
    if (!isAdmin) toast.error(MESSAGES.adminsOnly, { toastId: 'admins-only' });
  }, [isAdmin]);
  if (!isAdmin) return <Navigate to="/not-authorized" replace />;
  return children;
}

import { lazy, Suspense, useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';
import { TOUR_COMPLETED } from '../messages';
import { shouldRunTour } from '../utils/should-run-tour';
import { TourErrorBoundary } from './tour-error-boundary';

// react-joyride is only downloaded when the tour is about to run.
const TourRunner = lazy(() => import('./tour-runner'));

/**
 * SPEC §2 Guided tour / §4 Tour, mounted once in the app layout. It runs on /app/home when the user has
 * completed their profile and not the tour, and again after Help/Tour resets the flag. Finishing,
 * skipping or closing it toasts 'Guided tour completed!' and marks it completed.
 */
export function GuidedTour() {
  const { pathname } = useLocation();
  const userId = useAppStore((state) => state.user?.id);
  const profileCompleted = useAppStore((state) => state.user?.has_profile_completed === true);
  const hasCompletedTour = useAppStore((state) => state.hasCompletedTour);
  const setTourCompleted = useAppStore((state) => state.setTourCompleted);

  const complete = useCallback(() => {
    setTourCompleted(true);
    toast.success(TOUR_COMPLETED, { toastId: 'tour-completed' });
  }, [setTourCompleted]);

  if (!userId || !shouldRunTour({ pathname, profileCompleted, hasCompletedTour })) return null;

  return (
    <TourErrorBoundary>
      <Suspense fallback={null}>
        {/* Keyed by user, so another account's tour starts from the first step. */}
        <TourRunner key={userId} onEnd={complete} />
      </Suspense>
    </TourErrorBoundary>
  );
}

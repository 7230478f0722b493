/** SPEC §2/§4: the tour only runs on the home workspace. */
export const TOUR_PATH = '/app/home';

type TourConditions = {
  pathname: string;
  profileCompleted: boolean;
  hasCompletedTour: boolean;
};

/** SPEC §4 Tour: it starts when not completed and the user has completed their profile, on /app/home. */
export function shouldRunTour({ pathname, profileCompleted, hasCompletedTour }: TourConditions): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === TOUR_PATH && profileCompleted && !hasCompletedTour;
}

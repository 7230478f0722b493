import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { GuidedTour } from '../components/guided-tour';
import { TOUR_STEPS } from '../tour-steps';

const ALL_TARGETS = TOUR_STEPS.filter((step) => step.id !== 'introduction').map((step) => step.id);

/** Signs in user-1; `hasCompletedTour` is stored per user as the session slice does. */
export function signIn({ profileCompleted = true, tourCompleted = false } = {}) {
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ has_profile_completed: profileCompleted }));
  useAppStore.getState().setTourCompleted(tourCompleted);
}

type Options = {
  path?: string;
  /** `data-tour` targets left out of the page. */
  missing?: readonly string[];
  /** `data-tour` targets on the page but hidden (display: none), as on a small screen. */
  hidden?: readonly string[];
};

/** The tour over a page that carries every tour target (or all but `missing`), at `path`. */
export function renderTour({ path = '/app/home', missing = [], hidden = [] }: Options = {}) {
  const page = (
    <>
      {ALL_TARGETS.filter((name) => !missing.includes(name)).map((name) => (
        <button key={name} type="button" data-tour={name} style={hidden.includes(name) ? { display: 'none' } : undefined}>
          {name}
        </button>
      ))}
      <GuidedTour />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}

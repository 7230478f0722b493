import { render } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { REVEAL_EVENT } from '@/lib/reveal';
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
  /** `data-tour` targets hidden until revealed, as the phone workspace shows one step at a time. */
  revealable?: readonly string[];
};

/** A target in a section hidden until asked to reveal it (what the phone workspace's steps do). */
function RevealableTarget({ name }: { name: string }) {
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const section = ref.current;
    const onReveal = (event: Event) => {
      event.preventDefault();
      setShown(true);
    };
    section?.addEventListener(REVEAL_EVENT, onReveal);
    return () => section?.removeEventListener(REVEAL_EVENT, onReveal);
  }, []);
  return (
    <section ref={ref} style={shown ? undefined : { display: 'none' }}>
      <button type="button" data-tour={name}>
        {name}
      </button>
    </section>
  );
}

/** The tour over a page that carries every tour target (or all but `missing`), at `path`. */
export function renderTour({ path = '/app/home', missing = [], hidden = [], revealable = [] }: Options = {}) {
  const page = (
    <>
      {ALL_TARGETS.filter((name) => !missing.includes(name)).map((name) =>
        revealable.includes(name) ? (
          <RevealableTarget key={name} name={name} />
        ) : (
        <button key={name} type="button" data-tour={name} style={hidden.includes(name) ? { display: 'none' } : undefined}>
          {name}
        </button>
        ),
      )}
      <GuidedTour />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { makeUser } from '@/testing/fixtures';
import { renderTour, signIn } from '../testing/render-tour';
import { TOUR_STEPS } from '../tour-steps';

const TOUR_COMPLETED = 'Guided tour completed!';
const WORKSPACE_TARGETS = ['content-queue', 'shuffle-button', 'select-content', 'manage-button', 'share-manage-info', 'view-queue'];

// The first render downloads react-joyride, which takes a while on a busy machine.
const findTooltip = (name?: string, options = { timeout: 4000 }) => screen.findByRole('alertdialog', name ? { name } : {}, options);
const tooltip = () => screen.getByRole('alertdialog');
const currentStep = () => tooltip().getAttribute('data-tour-step');
const button = (name: string) => within(tooltip()).getByRole('button', { name });

/** Long enough for the lazy tour to have appeared, were it going to. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

async function clickNextUntil(stepId: string) {
  while (currentStep() !== stepId) {
    const before = currentStep();
    await userEvent.click(button('Next'));
    await waitFor(() => expect(currentStep()).not.toBe(before));
  }
}

function expectCompleted() {
  expect(useAppStore.getState().hasCompletedTour).toBe(true);
  expect(localStorage.getItem('hasCompletedTour-user-1')).toBe('true');
}

describe('GuidedTour: when it runs', { timeout: 15_000 }, () => {
  it('starts on /app/home, centred on the introduction, when the profile is completed and the tour is not', async () => {
    signIn();
    renderTour();

    const intro = await findTooltip('Welcome to Crossfeed');
    expect(intro).toHaveAttribute('data-tour-step', 'introduction');
    expect(intro).toHaveTextContent('Step 1 of 13');
    expect(within(intro).getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(within(intro).getByRole('button', { name: 'Skip' })).toBeInTheDocument();
    expect(within(intro).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // Nothing to go back to on the first step, and it is not the last one.
    expect(within(intro).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(intro).queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
  });

  it('moves focus to Next so the keyboard can drive it', async () => {
    signIn();
    renderTour();

    await findTooltip('Welcome to Crossfeed');
    await waitFor(() => expect(button('Next')).toHaveFocus(), { timeout: 3000 });
  });

  it('does not start once the tour is completed', async () => {
    signIn({ tourCompleted: true });
    renderTour();

    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('does not start before the profile is completed, and starts when it is', async () => {
    signIn({ profileCompleted: false });
    renderTour();

    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    act(() => useAppStore.getState().setUser(makeUser({ has_profile_completed: true })));
    expect(await findTooltip('Welcome to Crossfeed')).toBeInTheDocument();
  });

  it('runs only on /app/home', async () => {
    signIn();
    const { router } = renderTour({ path: '/app/profile-builder' });

    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await act(() => router.navigate('/app/home'));
    expect(await findTooltip('Welcome to Crossfeed')).toBeInTheDocument();
  });

  it('does not run for a signed-out visitor', async () => {
    renderTour();

    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

// Walking the steps takes a few seconds on a busy machine.
describe('GuidedTour: steps and buttons', { timeout: 15_000 }, () => {
  it('Next and Back move one step at a time, with progress', async () => {
    signIn();
    renderTour();
    await findTooltip('Welcome to Crossfeed');

    await userEvent.click(button('Next'));
    const profile = await findTooltip('Your profile');
    expect(profile).toHaveAttribute('data-tour-step', 'profile');
    expect(profile).toHaveTextContent('Step 2 of 13');

    await userEvent.click(button('Back'));
    expect(await findTooltip('Welcome to Crossfeed')).toHaveTextContent('Step 1 of 13');
  });

  it('walks the 13 steps in SPEC order, and Finish completes the tour with the toast', async () => {
    const success = vi.spyOn(toast, 'success');
    signIn();
    renderTour();
    await findTooltip('Welcome to Crossfeed');

    const seen = [currentStep()];
    while (currentStep() !== 'help-tour') {
      const before = currentStep();
      await userEvent.click(button('Next'));
      await waitFor(() => expect(currentStep()).not.toBe(before));
      seen.push(currentStep());
    }

    expect(seen).toEqual(TOUR_STEPS.map((step) => step.id));
    expect(tooltip()).toHaveTextContent('Step 13 of 13');
    // The last step has Finish instead of Next, and nothing left to skip.
    expect(within(tooltip()).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(tooltip()).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(success).not.toHaveBeenCalled();

    await userEvent.click(button('Finish'));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith(TOUR_COMPLETED, expect.objectContaining({ toastId: 'tour-completed' }));
    expectCompleted();
  });

  it.each([
    ['Skip', async () => userEvent.click(button('Skip'))],
    ['Close', async () => userEvent.click(button('Close'))],
    ['Escape', async () => userEvent.keyboard('{Escape}')],
  ])('%s ends the tour mid-way, completed, with the toast', async (_name, end) => {
    const success = vi.spyOn(toast, 'success');
    signIn();
    renderTour();
    await findTooltip('Welcome to Crossfeed');
    await userEvent.click(button('Next'));
    await findTooltip('Your profile');
    expect(useAppStore.getState().hasCompletedTour).toBe(false);

    await end();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith(TOUR_COMPLETED, expect.anything());
    expectCompleted();
  });

  it('starts again from the first step after Help/Tour resets it', async () => {
    signIn();
    renderTour();
    await findTooltip('Welcome to Crossfeed');
    await userEvent.click(button('Next'));
    await findTooltip('Your profile');
    await userEvent.click(button('Skip'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    // What the sidebar's Help/Tour entry does.
    act(() => useAppStore.getState().setTourCompleted(false));

    const again = await findTooltip('Welcome to Crossfeed');
    expect(again).toHaveTextContent('Step 1 of 13');
    expect(localStorage.getItem('hasCompletedTour-user-1')).toBe('false');
  });
});

describe('GuidedTour: on a phone', { timeout: 15_000 }, () => {
  it('shows every step, revealing the workspace steps the small screen hides', async () => {
    signIn();
    renderTour({ revealable: WORKSPACE_TARGETS });
    await findTooltip('Welcome to Crossfeed');
    const seen = [currentStep()];
    while (currentStep() !== 'help-tour') {
      const before = currentStep();
      await userEvent.click(button('Next'));
      await waitFor(() => expect(currentStep()).not.toBe(before), { timeout: 3000 });
      seen.push(currentStep());
    }
    expect(seen).toEqual(TOUR_STEPS.map((step) => step.id));
  });
});

describe('GuidedTour: missing targets never stop it', { timeout: 15_000 }, () => {
  it('moves past a step whose target is not on the page, both ways', async () => {
    signIn();
    renderTour({ missing: ['contacts'] });
    await findTooltip('Welcome to Crossfeed');
    await userEvent.click(button('Next'));
    await findTooltip('Your profile');

    await userEvent.click(button('Next'));
    const addContent = await findTooltip('Add content', { timeout: 4000 });
    expect(addContent).toHaveTextContent('Step 4 of 13');

    await userEvent.click(button('Back'));
    expect(await findTooltip('Your profile', { timeout: 4000 })).toHaveTextContent('Step 2 of 13');
  });

  it('moves straight past hidden targets nothing reveals', async () => {
    const success = vi.spyOn(toast, 'success');
    signIn();
    renderTour({ hidden: WORKSPACE_TARGETS });
    await findTooltip('Welcome to Crossfeed');
    await clickNextUntil('premium');

    await userEvent.click(button('Next'));

    // No waiting for targets that are on the page but hidden (six missing ones would take 6 s).
    const last = await findTooltip('Help and tour', { timeout: 2500 });
    expect(last).toHaveTextContent('Step 13 of 13');
    await userEvent.click(button('Finish'));
    await waitFor(() => expect(success).toHaveBeenCalledWith(TOUR_COMPLETED, expect.anything()));
    expectCompleted();
  });

  it('finishes, completed, when the last target is missing too', async () => {
    const success = vi.spyOn(toast, 'success');
    signIn();
    renderTour({ hidden: WORKSPACE_TARGETS, missing: ['help-tour'] });
    await findTooltip('Welcome to Crossfeed');
    await clickNextUntil('premium');

    await userEvent.click(button('Next'));

    await waitFor(() => expect(success).toHaveBeenCalledWith(TOUR_COMPLETED, expect.anything()), { timeout: 4000 });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expectCompleted();
  });
});

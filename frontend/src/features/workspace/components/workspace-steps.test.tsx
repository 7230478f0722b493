import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { requestReveal } from '@/lib/reveal';
import type { StepStatus } from '../types';
import { WorkspaceSteps } from './workspace-steps';

type Statuses = readonly [StepStatus, StepStatus, StepStatus];

const stepsOf = (statuses: Statuses, onStartOver: () => void, touring?: boolean) => (
  <WorkspaceSteps statuses={statuses} onStartOver={onStartOver} touring={touring}>
    {[
      <p key="1">one</p>,
      <p key="2">
        <button type="button">Manage</button>
      </p>,
      <p key="3">
        <button type="button">View queue</button>
      </p>,
    ]}
  </WorkspaceSteps>
);

const renderSteps = (onStartOver = vi.fn(), statuses: Statuses = ['complete', 'current', 'upcoming']) => {
  render(stepsOf(statuses, onStartOver));
  return onStartOver;
};
const step = (n: number) => screen.getByRole('region', { name: new RegExp(`^Step ${n}:`) });

describe('WorkspaceSteps', () => {
  it('shows the three SPEC steps with their statuses; step 3 is the side panel', () => {
    renderSteps();
    expect(step(1)).toHaveAccessibleName('Step 1: Find Your Match');
    expect(step(2)).toHaveAccessibleName('Step 2: Choose Content to Share');
    expect(step(3)).toHaveAccessibleName('Step 3: Share and Manage');
    expect(step(1)).toHaveAttribute('data-status', 'complete');
    expect(step(2)).toHaveAttribute('data-status', 'current');
    expect(step(3)).toHaveAttribute('data-status', 'upcoming');
    expect(step(3)).toHaveClass('workspace-side-panel');
  });

  it('Next and Back move the one step shown on small screens; Start Over goes back to step 1', async () => {
    const user = userEvent.setup();
    const onStartOver = renderSteps();
    expect(step(1)).toHaveClass('is-active');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(step(2)).toHaveClass('is-active');
    expect(step(1)).not.toHaveClass('is-active');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(step(3)).toHaveClass('is-active');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(step(2)).toHaveClass('is-active');

    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(onStartOver).toHaveBeenCalledTimes(1);
    expect(step(1)).toHaveClass('is-active');
  });

  it('shows the step holding an element the guided tour asks to reveal (one step at a time on a phone)', () => {
    renderSteps();
    expect(step(1)).toHaveClass('is-active');
    let handled = false;
    act(() => {
      handled = requestReveal(screen.getByRole('button', { name: 'Manage' }));
    });
    expect(handled).toBe(true);
    expect(step(2)).toHaveClass('is-active');
    expect(step(1)).not.toHaveClass('is-active');
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('shows the step to act on again when the tour ends, not the last step it explained (issue 24)', () => {
    const statuses: Statuses = ['current', 'upcoming', 'upcoming'];
    const { rerender } = render(stepsOf(statuses, vi.fn(), true));
    act(() => {
      requestReveal(screen.getByRole('button', { name: 'View queue' }));
    });
    expect(step(3)).toHaveClass('is-active');

    rerender(stepsOf(statuses, vi.fn(), false));

    expect(step(1)).toHaveClass('is-active');
    expect(step(3)).not.toHaveClass('is-active');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('after the tour, returns to the current step, whichever it is', () => {
    const statuses: Statuses = ['complete', 'current', 'upcoming'];
    const { rerender } = render(stepsOf(statuses, vi.fn(), true));
    act(() => {
      requestReveal(screen.getByRole('button', { name: 'View queue' }));
    });
    rerender(stepsOf(statuses, vi.fn(), false));
    expect(step(2)).toHaveClass('is-active');
  });

  it('leaves the step shown alone when the tour ends without having shown one, or was never running', async () => {
    const user = userEvent.setup();
    const statuses: Statuses = ['current', 'upcoming', 'upcoming'];
    const { rerender } = render(stepsOf(statuses, vi.fn(), true));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    rerender(stepsOf(statuses, vi.fn(), false));
    expect(step(2)).toHaveClass('is-active');
  });

  it("puts the next action in the done step once it is done: 'Next: Choose Content to Share', which shows step 2", async () => {
    const user = userEvent.setup();
    const { rerender } = render(stepsOf(['current', 'upcoming', 'upcoming'], vi.fn()));
    expect(screen.queryByRole('button', { name: /^Next: / })).not.toBeInTheDocument();

    // A match picked: step 1 is complete.
    rerender(stepsOf(['complete', 'current', 'upcoming'], vi.fn()));
    const next = within(step(1)).getByRole('button', { name: 'Next: Choose Content to Share' });
    expect(next.closest('.workspace-next-action')).not.toBeNull();
    // The step navigation keeps its plain Next.
    expect(within(screen.getByRole('navigation', { name: 'Step navigation' })).getByRole('button', { name: 'Next' })).toBeEnabled();

    await user.click(next);
    expect(step(2)).toHaveClass('is-active');
    // Step 2 is not done yet: no next action in it.
    expect(screen.queryByRole('button', { name: /^Next: / })).not.toBeInTheDocument();

    rerender(stepsOf(['complete', 'complete', 'current'], vi.fn()));
    await user.click(within(step(2)).getByRole('button', { name: 'Next: Share and Manage' }));
    expect(step(3)).toHaveClass('is-active');
    // Step 3 is the last: nothing after it.
    expect(screen.queryByRole('button', { name: /^Next: / })).not.toBeInTheDocument();
  });

  it('brings the top of the step it goes to into view when the page was scrolled down its list', async () => {
    const user = userEvent.setup();
    render(stepsOf(['complete', 'current', 'upcoming'], vi.fn()));
    const scrollIntoView = vi.fn();
    const section = step(2);
    section.scrollIntoView = scrollIntoView;
    vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top: -600 } as DOMRect);

    await user.click(within(step(1)).getByRole('button', { name: 'Next: Choose Content to Share' }));

    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' }));
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { requestReveal } from '@/lib/reveal';
import { WorkspaceSteps } from './workspace-steps';

const renderSteps = (onStartOver = vi.fn()) => {
  render(
    <WorkspaceSteps statuses={['complete', 'current', 'upcoming']} onStartOver={onStartOver}>
      {[
        <p key="1">one</p>,
        <p key="2">
          <button type="button">Manage</button>
        </p>,
        <p key="3">three</p>,
      ]}
    </WorkspaceSteps>,
  );
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
});

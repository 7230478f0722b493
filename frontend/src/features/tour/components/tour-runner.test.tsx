import { render } from '@testing-library/react';
import type { EventData, Props } from 'react-joyride';
import { describe, expect, it, vi } from 'vitest';
import { TOUR_STEPS } from '../tour-steps';
import TourRunner from './tour-runner';

// Joyride itself runs in guided-tour.test.tsx; here it is replaced to read the props and drive the callback.
const joyride = vi.hoisted(() => ({ props: null as Props | null }));
vi.mock('react-joyride', () => ({
  Joyride: (props: Props) => {
    joyride.props = props;
    return null;
  },
}));

function renderRunner() {
  const onEnd = vi.fn();
  render(<TourRunner onEnd={onEnd} />);
  const props = joyride.props;
  if (!props) throw new Error('Joyride was not rendered');
  const emit = (event: Partial<EventData>) => props.onEvent?.(event as EventData, {} as never);
  return { onEnd, props, emit };
}

describe('TourRunner', () => {
  it('runs the 13 steps continuously, in SPEC order, at their targets', () => {
    const { props } = renderRunner();

    expect(props.run).toBe(true);
    expect(props.continuous).toBe(true);
    expect(props.steps.map((step) => [step.id, step.target])).toEqual(TOUR_STEPS.map((step) => [step.id, step.target]));
    expect(props.steps[0]?.placement).toBe('center');
    // Every step but the centred one waits for its target (see wait-for-target).
    expect(props.steps.filter((step) => step.before).map((step) => step.id)).toEqual(TOUR_STEPS.slice(1).map((step) => step.id));
  });

  it('labels the buttons Back, Close, Finish, Next and Skip', () => {
    const { props } = renderRunner();

    expect(props.locale).toMatchObject({ back: 'Back', close: 'Close', last: 'Finish', next: 'Next', skip: 'Skip' });
    expect(props.options?.buttons).toEqual(expect.arrayContaining(['back', 'close', 'primary', 'skip']));
  });

  it('makes Close end the tour and leaves Escape to the tooltip, which does the same', () => {
    const { props } = renderRunner();

    expect(props.options).toMatchObject({ closeButtonAction: 'skip', dismissKeyAction: false, overlayClickAction: false });
  });

  it('uses the SPEC §9 scroll offset and z-index, and skips beacons', () => {
    const { props } = renderRunner();

    expect(props.options).toMatchObject({ scrollOffset: 20, zIndex: 10000, skipBeacon: true });
  });

  it.each(['finished', 'skipped'] as const)('calls onEnd once when the tour ends as %s', (status) => {
    const { onEnd, emit } = renderRunner();

    emit({ type: 'tour:end', status });
    emit({ type: 'tour:end', status });

    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('marks the page while it runs, so the sticky navbar cannot cover a target', () => {
    const { unmount } = render(<TourRunner onEnd={vi.fn()} />);
    expect(document.documentElement).toHaveAttribute('data-tour-running', 'true');
    unmount();
    expect(document.documentElement).not.toHaveAttribute('data-tour-running');
  });

  it('ignores every other event', () => {
    const { onEnd, emit } = renderRunner();

    emit({ type: 'tour:start', status: 'running' });
    emit({ type: 'step:after', status: 'running', action: 'next' });
    emit({ type: 'step:after', status: 'running', action: 'close' });
    emit({ type: 'error:target_not_found', status: 'running' });
    emit({ type: 'tour:status', status: 'paused' });

    expect(onEnd).not.toHaveBeenCalled();
  });
});

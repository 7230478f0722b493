import { useEffect, useRef, useState, type ReactNode } from 'react';
import { REVEAL_EVENT } from '@/lib/reveal';
import { STEP_TITLES } from '../messages';
import type { StepStatus } from '../types';

type WorkspaceStepsProps = {
  statuses: readonly [StepStatus, StepStatus, StepStatus];
  /** The bodies of steps 1, 2 and 3. */
  children: readonly [ReactNode, ReactNode, ReactNode];
  /** Start Over: steps, selections and progress back to the start. */
  onStartOver: () => void;
  /**
   * The guided tour has not been completed yet. While it runs it shows the steps it explains (on a small
   * screen, one at a time); when it ends, the step to act on shows again instead of the last one it explained.
   */
  touring?: boolean;
};

const STATUS_TEXT: Record<StepStatus, string> = { upcoming: 'Upcoming', current: 'Current', complete: 'Complete' };

/** The button that appears, in view, once the shown step is done: 'Next: Choose Content to Share'. */
export const nextStepLabel = (title: string) => `Next: ${title}`;

/**
 * SPEC §2 Home workspace layout: three steps. On small screens one step shows at a time, with Next, Back
 * and Start Over; on wide screens steps 1 and 2 sit side by side and step 3 is a side panel (CSS decides).
 * On small screens, once the shown step is done (a match picked, own content picked) its next action stays in
 * view: 'Next: {next step}' sticks to the bottom of the screen (the step navigation is under a long list).
 */
export function WorkspaceSteps({ statuses, children, onStartOver, touring = false }: WorkspaceStepsProps) {
  const [active, setActive] = useState(0);
  const sections = useRef<(HTMLElement | null)[]>([]);
  /** A step was shown for the tour: when it ends, the current step shows again. */
  const revealed = useRef(false);
  const current = Math.max(0, statuses.indexOf('current'));

  // The guided tour points at elements of every step: on a small screen the step holding one is shown.
  useEffect(() => {
    const listeners = sections.current.map((section, index) => {
      const onReveal = (event: Event) => {
        event.preventDefault();
        revealed.current = true;
        setActive(index);
      };
      section?.addEventListener(REVEAL_EVENT, onReveal);
      return () => section?.removeEventListener(REVEAL_EVENT, onReveal);
    });
    return () => listeners.forEach((remove) => remove());
  }, []);

  // The tour ended (finished or skipped) after showing its steps: back to the step the user acts on, not an
  // empty step 3 it explained last.
  useEffect(() => {
    if (touring || !revealed.current) return;
    revealed.current = false;
    setActive(current);
  }, [touring, current]);

  /** Shows step `index`, its top in view (a step is left from the foot of a long list). */
  const goTo = (index: number) => {
    setActive(index);
    const section = sections.current[index];
    // After the render that shows it; only when its top is off the screen or under the sticky navbar (its
    // scroll-margin-top, workspace.css).
    requestAnimationFrame(() => {
      if (!section) return;
      const clear = Number.parseFloat(getComputedStyle(section).scrollMarginTop) || 0;
      if (section.getBoundingClientRect().top < clear) section.scrollIntoView({ block: 'start' });
    });
  };

  const nextTitle = STEP_TITLES[active + 1];
  const showNextAction = nextTitle !== undefined && statuses[active] === 'complete';

  return (
    <div className="workspace">
      <ol className="workspace-progress" aria-label="Workspace steps">
        {STEP_TITLES.map((title, index) => (
          <li
            key={title}
            className={`workspace-progress-step step-${statuses[index]}`}
            aria-current={index === active ? 'step' : undefined}
          >
            <span className="workspace-progress-number">{index + 1}</span> {title}{' '}
            <span className="visually-hidden">({STATUS_TEXT[statuses[index] ?? 'upcoming']})</span>
          </li>
        ))}
      </ol>
      <div className="workspace-grid">
        {STEP_TITLES.map((title, index) => (
          <section
            key={title}
            ref={(element) => {
              sections.current[index] = element;
            }}
            className={[
              'workspace-step',
              index === 2 ? 'workspace-side-panel' : '',
              index === active ? 'is-active' : '',
              `step-${statuses[index]}`,
            ]
              .filter(Boolean)
              .join(' ')}
            aria-label={`Step ${index + 1}: ${title}`}
            data-status={statuses[index]}
          >
            <h2 className="workspace-step-title">
              <span className="workspace-progress-number">{index + 1}</span> {title}
            </h2>
            {children[index]}
            {index === active && showNextAction ? (
              <div className="workspace-next-action">
                <button type="button" className="button button-primary" onClick={() => goTo(active + 1)}>
                  {nextStepLabel(nextTitle)} <span aria-hidden="true">→</span>
                </button>
              </div>
            ) : null}
          </section>
        ))}
      </div>
      <nav className="workspace-step-nav" aria-label="Step navigation">
        <button type="button" className="button button-ghost" onClick={() => goTo(active - 1)} disabled={active === 0}>
          Back
        </button>
        <span className="workspace-step-count">
          Step {active + 1} of {STEP_TITLES.length}
        </span>
        <button
          type="button"
          className="button button-primary"
          onClick={() => goTo(active + 1)}
          disabled={active === STEP_TITLES.length - 1}
        >
          Next
        </button>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            onStartOver();
            setActive(0);
          }}
        >
          Start Over
        </button>
      </nav>
    </div>
  );
}

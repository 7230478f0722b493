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
};

const STATUS_TEXT: Record<StepStatus, string> = { upcoming: 'Upcoming', current: 'Current', complete: 'Complete' };

/**
 * SPEC §2 Home workspace layout: three steps. On small screens one step shows at a time, with Next, Back
 * and Start Over; on wide screens steps 1 and 2 sit side by side and step 3 is a side panel (CSS decides).
 */
export function WorkspaceSteps({ statuses, children, onStartOver }: WorkspaceStepsProps) {
  const [active, setActive] = useState(0);
  const sections = useRef<(HTMLElement | null)[]>([]);

  // The guided tour points at elements of every step: on a small screen the step holding one is shown.
  useEffect(() => {
    const listeners = sections.current.map((section, index) => {
      const onReveal = (event: Event) => {
        event.preventDefault();
        setActive(index);
      };
      section?.addEventListener(REVEAL_EVENT, onReveal);
      return () => section?.removeEventListener(REVEAL_EVENT, onReveal);
    });
    return () => listeners.forEach((remove) => remove());
  }, []);

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
          </section>
        ))}
      </div>
      <nav className="workspace-step-nav" aria-label="Step navigation">
        <button type="button" className="button button-ghost" onClick={() => setActive((step) => step - 1)} disabled={active === 0}>
          Back
        </button>
        <span className="workspace-step-count">
          Step {active + 1} of {STEP_TITLES.length}
        </span>
        <button
          type="button"
          className="button button-primary"
          onClick={() => setActive((step) => step + 1)}
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

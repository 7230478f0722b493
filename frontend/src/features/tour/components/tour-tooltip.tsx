import { useEffect, useId } from 'react';
import type { TooltipRenderProps } from 'react-joyride';
import { TOUR_LABELS, tourProgress } from '../messages';
import '../tour.css';

function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/**
 * The tour's tooltip in the app's own style: title, progress, text, and the SPEC §2 buttons Skip, Back,
 * Next (Finish on the last step) and Close. Joyride's props wire the buttons and move focus to the primary one.
 */
export function TourTooltip({
  backProps,
  closeProps,
  primaryProps,
  skipProps,
  tooltipProps,
  controls,
  index,
  size,
  isLastStep,
  step,
}: TooltipRenderProps) {
  const id = useId();
  const current = index + 1;

  // Escape does what Close does: it ends the tour (Joyride's own Escape handling is turned off).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') controls.skip('button_close');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [controls]);

  return (
    <div
      className="tour-tooltip"
      data-tour-step={step.id}
      {...tooltipProps}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-content`}
    >
      {step.buttons.includes('close') ? (
        <button type="button" className="tour-close" {...closeProps}>
          <CloseIcon />
        </button>
      ) : null}
      <h2 id={`${id}-title`} className="tour-title">
        {step.title}
      </h2>
      <p className="tour-progress">{tourProgress(current, size)}</p>
      <div className="tour-progress-bar" aria-hidden="true">
        <div className="tour-progress-fill" style={{ width: `${(current / size) * 100}%` }} />
      </div>
      <div id={`${id}-content`} className="tour-content">
        {step.content}
      </div>
      <div className="tour-footer">
        {step.buttons.includes('skip') && !isLastStep ? (
          <button type="button" className="button button-ghost tour-skip" {...skipProps}>
            {TOUR_LABELS.skip}
          </button>
        ) : null}
        {step.buttons.includes('back') && index > 0 ? (
          <button type="button" className="button button-ghost" {...backProps}>
            {TOUR_LABELS.back}
          </button>
        ) : null}
        <button type="button" className="button button-primary" {...primaryProps}>
          {isLastStep ? TOUR_LABELS.last : TOUR_LABELS.next}
        </button>
      </div>
    </div>
  );
}

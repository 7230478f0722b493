import { useCallback, useEffect, useRef } from 'react';
import { Joyride, type EventData, type Options, type PartialDeep, type Step, type Styles } from 'react-joyride';
import { TOUR_LABELS } from '../messages';
import { TOUR_SCROLL_OFFSET, TOUR_STEPS, TOUR_Z_INDEX } from '../tour-steps';
import { isTourEnd } from '../utils/tour-events';
import { waitForTarget } from '../utils/wait-for-target';
import { TourTooltip } from './tour-tooltip';

const STEPS: Step[] = TOUR_STEPS.map((definition) => ({
  id: definition.id,
  target: definition.target,
  title: definition.title,
  content: definition.content,
  placement: definition.placement,
  // The workspace renders after its own lazy chunk; a step waits briefly for its target, and Joyride then
  // moves past one that is still missing or hidden, so the tour never gets stuck.
  ...(definition.placement === 'center' ? {} : { before: () => waitForTarget(definition.target) }),
}));

/** `data-tour-running` on <html> while the tour runs. */
const TOUR_RUNNING_FLAG = 'tourRunning';

const OPTIONS: Partial<Options> = {
  buttons: ['back', 'close', 'primary', 'skip'],
  // Close and Escape end the tour, like Skip; a click on the dimmed page does nothing.
  closeButtonAction: 'skip',
  dismissKeyAction: false,
  overlayClickAction: false,
  // The highlighted entries open modals; a click on them must not pull the page out from under the tour.
  blockTargetInteraction: true,
  // The tooltip shows 'Step n of 13' itself, so the primary button keeps its plain 'Next' label.
  showProgress: false,
  skipBeacon: true,
  scrollOffset: TOUR_SCROLL_OFFSET,
  zIndex: TOUR_Z_INDEX,
  primaryColor: 'var(--color-primary)',
  arrowColor: 'var(--color-surface)',
  backgroundColor: 'var(--color-surface)',
  textColor: 'var(--color-text)',
};

const STYLES: PartialDeep<Styles> = {
  // The tooltip carries the app's own shadow.
  floater: { filter: 'none' },
};

type TourRunnerProps = {
  /** Called once, when the tour is finished, skipped or closed. */
  onEnd: () => void;
};

/** SPEC §2 Guided tour: the 13-step react-joyride tour. Loaded lazily by `GuidedTour`, only when it runs. */
export default function TourRunner({ onEnd }: TourRunnerProps) {
  const ended = useRef(false);

  // While the tour runs the sticky navbar scrolls away with the page (tour.css): a step's target scrolled
  // 20 px from the top must not end up under it.
  useEffect(() => {
    document.documentElement.dataset[TOUR_RUNNING_FLAG] = 'true';
    return () => {
      delete document.documentElement.dataset[TOUR_RUNNING_FLAG];
    };
  }, []);
  const handleEvent = useCallback(
    (event: EventData) => {
      if (ended.current || !isTourEnd(event)) return;
      ended.current = true;
      onEnd();
    },
    [onEnd],
  );

  return (
    <Joyride
      run
      continuous
      steps={STEPS}
      options={OPTIONS}
      styles={STYLES}
      locale={TOUR_LABELS}
      tooltipComponent={TourTooltip}
      onEvent={handleEvent}
    />
  );
}

import { useId, useState } from 'react';
import { WORKSPACE_MESSAGES } from '../messages';

function InfoIcon() {
  return (
    <svg className="info-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="10" cy="6.25" r="1.1" fill="currentColor" />
      <path d="M10 9v5.5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The step 3 info icon (a tour target): explains Share and Manage on hover, on focus and on a click or tap
 * (which pins it open until clicked again); Escape hides it.
 */
export function ShareManageInfo() {
  const tipId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const shown = (hovered || focused || pinned) && !dismissed;

  return (
    <span
      className="info-tip"
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        className="info-button"
        aria-label={WORKSPACE_MESSAGES.shareManageInfoLabel}
        aria-describedby={tipId}
        data-tour="share-manage-info"
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onClick={() => {
          setPinned((was) => !was);
          setDismissed(pinned);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && shown) {
            // Hides the tip without closing a dialog around it.
            event.stopPropagation();
            setPinned(false);
            setDismissed(true);
          }
        }}
      >
        <InfoIcon />
      </button>
      <span id={tipId} role="tooltip" className="info-tooltip" hidden={!shown}>
        {WORKSPACE_MESSAGES.shareManageInfo}
      </span>
    </span>
  );
}

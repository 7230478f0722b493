import type { ReactNode } from 'react';
import './selection-toolbar.css';

type SelectionToolbarProps = {
  /** How many items are selected; the toolbar shows only while some are. */
  count: number;
  /** What the list holds, for the accessible name ("Selected contents"). */
  what: string;
  /** The batch action buttons. */
  children: ReactNode;
  onClear: () => void;
  busy?: boolean;
};

/**
 * The bar over a list with selectable rows: "3 selected · Pause · Resume · Delete · Clear". A toolbar
 * role with a live count, so a screen reader hears the selection change; it wraps at 390 px.
 */
export function SelectionToolbar({ count, what, children, onClear, busy = false }: SelectionToolbarProps) {
  if (count === 0) return null;
  return (
    <div className="selection-toolbar" role="toolbar" aria-label={`Selected ${what}`}>
      <span className="selection-toolbar-count" aria-live="polite">
        {count} selected
      </span>
      <div className="selection-toolbar-actions">{children}</div>
      <button type="button" className="button button-ghost button-small" onClick={onClear} disabled={busy}>
        Clear selection
      </button>
    </div>
  );
}

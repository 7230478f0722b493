import { useRef, type KeyboardEvent } from 'react';

export type ContactsTab = { id: string; label: string };

type ContactsTabsProps = {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly ContactsTab[];
  selected: string;
  onSelect: (id: string) => void;
  /** Prefix of the tab and panel ids: `${idPrefix}-tab-${id}` controls `${idPrefix}-panel-${id}`. */
  idPrefix: string;
};

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/**
 * A WAI-ARIA tab list with automatic activation: one tab in the Tab order (the selected one); Left/Right
 * arrows move to the previous/next tab (wrapping), Home/End to the first/last, and select it.
 */
export function ContactsTabs({ label, tabs, selected, onSelect, idPrefix }: ContactsTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div ref={listRef} className="contacts-tablist" role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            id={tabId(idPrefix, tab.id)}
            type="button"
            role="tab"
            className="contacts-tab"
            aria-selected={isSelected}
            // Only the selected tab's panel is rendered.
            aria-controls={isSelected ? panelId(idPrefix, tab.id) : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

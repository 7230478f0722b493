import { useRef, type KeyboardEvent } from 'react';

export type TabItem<T extends string> = { id: T; label: string };

type WaitlistTabsProps<T extends string> = {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** Prefix of the tab and panel ids (see `tabId` / `panelId`). */
  idPrefix: string;
  label: string;
};

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/**
 * A WAI-ARIA tablist with automatic activation: ArrowLeft/ArrowRight move (and wrap), Home/End jump,
 * and only the selected tab is in the Tab order. The caller renders the panels with `panelId`.
 */
export function WaitlistTabs<T extends string>({ tabs, selected, onSelect, idPrefix, label }: WaitlistTabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selected);
    let target: number | null = null;
    if (event.key === 'ArrowRight') target = (current + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') target = (current - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = tabs.length - 1;
    if (target === null) return;
    event.preventDefault();
    const tab = tabs[target]!;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div className="waitlist-tabs" role="tablist" aria-label={label} onKeyDown={move}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            id={tabId(idPrefix, tab.id)}
            type="button"
            role="tab"
            className="waitlist-tab"
            aria-selected={isSelected}
            aria-controls={panelId(idPrefix, tab.id)}
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

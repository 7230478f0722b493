import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabDefinition<Key extends string> = { key: Key; label: string };

type TabsProps<Key extends string> = {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: readonly TabDefinition<Key>[];
  active: Key;
  onChange: (key: Key) => void;
  /** The active tab's panel content; the other panels stay empty. */
  children: ReactNode;
};

/**
 * WAI-ARIA tabs with automatic activation: Left/Right arrows (wrapping), Home and End move to and select a
 * tab; only the selected tab is in the Tab order, and its panel follows it.
 */
export function Tabs<Key extends string>({ label, tabs, active, onChange, children }: TabsProps<Key>) {
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (key: Key) => `${baseId}-tab-${key}`;
  const panelId = (key: Key) => `${baseId}-panel-${key}`;

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.key);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div className="tab-list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              className={selected ? 'tab is-selected' : 'tab'}
              aria-selected={selected}
              aria-controls={panelId(tab.key)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              onKeyDown={(event) => handleKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          id={panelId(tab.key)}
          className="tab-panel"
          role="tabpanel"
          aria-labelledby={tabId(tab.key)}
          tabIndex={0}
          hidden={tab.key !== active}
        >
          {tab.key === active ? children : null}
        </div>
      ))}
    </div>
  );
}

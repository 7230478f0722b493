import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<Id extends string> = { id: Id; label: string };

/** The ids that tie a tab to its panel: `${prefix}-tab-${id}` controls `${prefix}-panel-${id}`. */
export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

type TabListProps<Id extends string> = {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Prefix of the tab and panel ids (see `tabId` / `panelId`); give the same one to each `TabPanel`. */
  idPrefix: string;
  /** Class of the list; the shared look in styles.css is `tab-list`. */
  className?: string;
  /** Class of each tab; the shared look in styles.css is `tab`. */
  tabClassName?: string;
};

/**
 * A WAI-ARIA tab list with automatic activation: only the selected tab is in the Tab order (roving
 * tabindex); Left/Right arrows move to the previous/next tab (wrapping), Home/End to the first/last, and
 * select it. The caller renders one `TabPanel` per tab with the same `idPrefix`.
 */
export function TabList<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  className = 'tab-list',
  tabClassName = 'tab',
}: TabListProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selected);
    let next: number;
    if (event.key === 'ArrowRight') next = (current + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (current - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
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
            className={tabClassName}
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

type TabPanelProps = {
  /** The same prefix as the `TabList`'s. */
  idPrefix: string;
  /** The id of the tab that labels this panel. */
  id: string;
  /** Hidden while its tab is not selected; every panel stays in the page so each tab's `aria-controls` resolves. */
  hidden: boolean;
  className?: string;
  children?: ReactNode;
};

/** The panel of one tab, labelled by it and focusable so keyboard users can reach its content. */
export function TabPanel({ idPrefix, id, hidden, className, children }: TabPanelProps) {
  return (
    <div
      id={panelId(idPrefix, id)}
      className={className}
      role="tabpanel"
      aria-labelledby={tabId(idPrefix, id)}
      tabIndex={0}
      hidden={hidden}
    >
      {children}
    </div>
  );
}

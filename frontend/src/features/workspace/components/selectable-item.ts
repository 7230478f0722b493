import type { KeyboardEvent, MouseEvent } from 'react';

/** Props of a list item that toggles selected on click, Space or Enter (SPEC §2). */
export function selectableItemProps(selected: boolean, onToggle: () => void) {
  return {
    role: 'option' as const,
    'aria-selected': selected,
    tabIndex: 0,
    onClick: onToggle,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // Keys pressed on an inner link or button belong to it.
      if (event.target !== event.currentTarget) return;
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        onToggle();
      }
    },
  };
}

/** Inner links and buttons act on their own, without toggling the item around them. */
export const keepInside = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

import type { MouseEvent } from 'react';

/** The controls inside a card that act on their own (the select button, links, the creator and Flag buttons). */
const INNER_CONTROLS = 'a, button, input, select, textarea, label, summary, [role="button"], [role="link"]';

/**
 * SPEC §2 "Items toggle selected on click, Space or Enter": a mouse click anywhere on a card's body toggles
 * it. Keyboard users (Space and Enter) and screen readers use the card's own select button instead
 * (`SelectToggle`), so the card itself is a plain list item, not a focusable option. Clicks that come from
 * an inner link or button belong to that control and are ignored here.
 */
export function toggleOnCardClick(onToggle: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target;
    if (target instanceof Element) {
      const control = target.closest(INNER_CONTROLS);
      if (control && event.currentTarget.contains(control)) return;
    }
    onToggle();
  };
}

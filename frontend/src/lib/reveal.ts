/**
 * A guide (the guided tour) asking a layout that hides part of the page to show an element. The small-screen
 * workspace shows one step at a time: a step's section listens for this event and becomes the step shown.
 * The event bubbles from the element; a layout that handles it calls `preventDefault()`.
 */
export const REVEAL_EVENT = 'crossfeed:reveal';

/** Whether the element, or an ancestor of it, is `display: none`. */
export function isHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return true;
  }
  return false;
}

/** Asks the page to show `element`; true when a layout took the request. */
export function requestReveal(element: Element): boolean {
  return !element.dispatchEvent(new CustomEvent(REVEAL_EVENT, { bubbles: true, cancelable: true }));
}

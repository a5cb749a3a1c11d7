// What the keyboard's Tab can stop on (positive tabindex values are not used in the product).
const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, iframe, summary, [contenteditable=""], [contenteditable="true"], [tabindex]';

/** Whether Tab stops on `element`: in the order, enabled, and neither hidden nor inert. */
export function isTabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.matches(':disabled, input[type="hidden"]')) return false;
  if (element.closest('[hidden], [inert]')) return false;
  if (getComputedStyle(element).visibility === 'hidden') return false;
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return false;
  }
  return true;
}

/** The first element after `from` (outside it) that Tab stops on; null when Tab from `from` would leave the page. */
export function nextTabbable(from: Element): HTMLElement | null {
  for (const element of from.ownerDocument.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    const after = from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (after && !from.contains(element) && isTabbable(element)) return element;
  }
  return null;
}

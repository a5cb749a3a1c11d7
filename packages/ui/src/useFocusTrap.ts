import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

export interface FocusTrapOptions {
  /** The trap holds only while active (e.g. while the dialog is open). */
  active: boolean;
  /** On deactivation, focus returns to the element that had it when the trap activated. */
  restoreFocus?: boolean;
  /** What to focus on activation (a ref or a selector inside the container); default the first control. */
  initialFocus?: RefObject<HTMLElement | null> | string;
}

/** The controls Tab can reach inside a container, in document order. */
export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[hidden], [inert]'));
}

// Open traps, innermost last: a viewer over a drawer owns Tab until it closes.
const openTraps: RefObject<HTMLElement | null>[] = [];

/**
 * Keeps keyboard focus inside a modal container: Tab and Shift+Tab wrap at its ends, focus
 * moves in on activation and (with restoreFocus) back to the opener on deactivation.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, { active, restoreFocus = false, initialFocus }: FocusTrapOptions): void {
  const initialFocusRef = useRef(initialFocus);
  initialFocusRef.current = initialFocus;

  useEffect(() => {
    if (!active) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openTraps.push(ref);

    const container = ref.current;
    if (container) {
      const wanted = initialFocusRef.current;
      const target = typeof wanted === 'string' ? container.querySelector<HTMLElement>(wanted) : wanted?.current;
      (target ?? focusableWithin(container)[0] ?? container).focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented || openTraps[openTraps.length - 1] !== ref) return;
      const element = ref.current;
      if (!element) return;
      const focusable = focusableWithin(element);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const current = document.activeElement;
      const outside = !current || !element.contains(current);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (outside || current === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || current === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openTraps.lastIndexOf(ref);
      if (index !== -1) openTraps.splice(index, 1);
      if (restoreFocus && opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [active, restoreFocus, ref]);
}

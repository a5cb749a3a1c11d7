import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates a prerendered page (and on the server), true from the render
 * after that — and from the start on a page rendered in the browser. What only the browser can
 * know (a stored token, the query string, today's date) waits for it, so hydration meets exactly
 * the HTML the server wrote and the change follows in the next render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * Clicks a visitor made before the app took a prerendered page over (scripts/deferred-boot.js held
 * them, so a link did not leave the page and a button was not pressed for nothing), made again on
 * the same elements once React has hydrated each: hydration keeps the server's DOM nodes, so the
 * element clicked is the one React now handles.
 */
declare global {
  interface Window {
    /** Set by scripts/deferred-boot.js on a page whose boot it deferred. */
    vtonDeferredBoot?: { takeEarlyClicks(): Element[] };
  }
}

/** How long a held click waits for its element to hydrate (the remote may still be loading). */
const HYDRATION_WAIT_MS = 15_000;

/** The clicks held so far; from here on the page's own handlers see every click. */
export function takeEarlyClicks(): Element[] {
  return window.vtonDeferredBoot?.takeEarlyClicks() ?? [];
}

/** React puts its props on a DOM node when it hydrates it: from then on its handlers answer. */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/**
 * Clicks each element again, in order, as soon as it is hydrated. One that never is (the remote
 * failed) is given up after a while; a link then simply goes where it points.
 */
export function replayEarlyClicks(elements: Element[]): void {
  if (elements.length === 0) return;
  const pending = [...elements];
  const giveUpAt = performance.now() + HYDRATION_WAIT_MS;
  const next = () => {
    while (pending.length > 0 && (isHydrated(pending[0]) || !pending[0].isConnected)) {
      const element = pending.shift() as HTMLElement;
      if (element.isConnected) element.click();
    }
    if (pending.length === 0) return;
    if (performance.now() < giveUpAt) {
      setTimeout(next, 50);
      return;
    }
    const link = pending[0].closest('a[href]');
    if (link) window.location.assign((link as HTMLAnchorElement).href);
  };
  // After the current task: hydrateRoot has only scheduled the work.
  setTimeout(next, 0);
}

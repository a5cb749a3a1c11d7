/**
 * The only script a prerendered page with a deferred boot carries (prerender.mjs: the landing page).
 * The page is whole without JavaScript — text, images, links, styles — so the app's code (the
 * shell's bundle, the federation runtime, React, the remote) is loaded only when the visitor
 * interacts or the browser is idle, never before the page has painted (issue 35: LCP at the no-JS
 * floor, no long tasks while a phone paints).
 *
 * - A signed-in visitor (a token in localStorage, as the shell keeps it) boots at once: the header
 *   and the calls to action depend on who they are.
 * - Otherwise the first pointerdown, touchstart, keydown or focus boots, and so does idleness after
 *   the load event.
 * - A click on a link or a control before the app has taken the page over is held (a link does not
 *   navigate away) and handed to the shell's bootstrap (`takeEarlyClicks`), which clicks the same
 *   element again once React has hydrated it: the menu opens, the toggle switches, a link navigates
 *   inside the app.
 *
 * Plain browser JavaScript, no bundler: `data-boot` names the bundle to load.
 */
(() => {
  const script = /** @type {HTMLScriptElement} */ (document.currentScript);
  const bundle = script.dataset.boot;
  /** Idle this long after the load event, then when the browser next has time. */
  const IDLE_AFTER_LOAD_MS = Number(script.dataset.idleMs ?? 0);
  const CONTROLS = 'a[href], button, summary, label, input, select, textarea, [role="button"], [role="tab"], [role="switch"]';
  /** @type {Element[]} */
  const early = [];
  let booted = false;
  let holding = true;

  const onClick = (/** @type {MouseEvent} */ event) => {
    if (!holding || !(event.target instanceof Element)) return;
    const control = event.target.closest(CONTROLS);
    if (!control || !document.getElementById('root')?.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!early.includes(control)) early.push(control);
    boot();
  };
  const intents = ['pointerdown', 'touchstart', 'keydown', 'focusin'];

  function boot() {
    if (booted) return;
    booted = true;
    for (const type of intents) removeEventListener(type, boot, true);
    const app = document.createElement('script');
    app.src = bundle;
    app.async = true;
    document.head.appendChild(app);
  }

  /** The shell's bootstrap, just before it hydrates: stop holding clicks, and take those held so far. */
  Object.defineProperty(window, 'vtonDeferredBoot', {
    value: Object.freeze({
      takeEarlyClicks() {
        holding = false;
        document.removeEventListener('click', onClick, true);
        return early.splice(0);
      },
    }),
  });

  document.addEventListener('click', onClick, true);
  let signedIn = false;
  try {
    signedIn = Boolean(window.localStorage.getItem('auth_token'));
  } catch {
    // storage blocked: a signed-out visitor
  }
  if (signedIn) {
    boot();
    return;
  }
  for (const type of intents) addEventListener(type, boot, { capture: true, passive: true });
  const whenIdle = () => setTimeout(() => (window.requestIdleCallback ?? setTimeout)(boot), IDLE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
})();
